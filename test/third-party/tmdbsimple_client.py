"""Drives every call of tmdbsimple against a server given in the environment and prints, as JSON,
one record per call: its name, the request it sent (method, path) and the answer (status, body).

Environment (secrets never on the command line):
  TMDB_BASE_URL        e.g. http://127.0.0.1:PORT/3
  TMDB_API_KEY         the access token (tmdbsimple sends it as ?api_key=)
  TMDB_USERNAME, TMDB_PASSWORD   an account for validate_with_login
"""
import json
import os
import sys
from urllib.parse import urlsplit

import requests
import tmdbsimple as tmdb

BASE_URL = os.environ['TMDB_BASE_URL'].rstrip('/')
tmdb.API_KEY = os.environ['TMDB_API_KEY']

# tmdbsimple sets the service's address on each object it makes: point every one at BASE_URL.
_original_init = tmdb.base.TMDB.__init__


def _init_here(self, *args, **kwargs):
    _original_init(self, *args, **kwargs)
    self.base_uri = BASE_URL


tmdb.base.TMDB.__init__ = _init_here

# One session records every answer; each call of the library sends exactly one request.
answers = []


def _record(response, *args, **kwargs):
    try:
        body = response.json()
    except ValueError:
        body = response.text
    answers.append({'method': response.request.method, 'path': urlsplit(response.url).path,
                    'status': response.status_code, 'body': body})


session = requests.Session()
session.hooks['response'].append(_record)
tmdb.REQUESTS_SESSION = session

records = []
bodies = {}


def call(name, fn):
    """Runs one library call; a refusal (an HTTP error) is recorded, not raised."""
    before = len(answers)
    error = None
    try:
        fn()
    except requests.HTTPError as exc:
        error = str(exc.response.status_code)
    except Exception as exc:  # the library failed to read an answer: that is a finding too
        error = '%s: %s' % (type(exc).__name__, exc)
    sent = answers[before:]
    record = {'call': name, 'requests': len(sent), 'error': error}
    if sent:
        record.update(sent[-1])
    records.append(record)
    succeeded = record.get('body') if record.get('status', 0) < 400 else None
    bodies[name] = succeeded
    return succeeded


def first_id(body, key='results'):
    return body[key][0]['id'] if body and body.get(key) else 0


username = os.environ['TMDB_USERNAME']
password = os.environ['TMDB_PASSWORD']

# Authentication: the older GET forms of validate_with_login and session/new are what it sends.
auth = tmdb.Authentication()
token = (call('Authentication.token_new', auth.token_new) or {}).get('request_token', '')
call('Authentication.token_validate_with_login',
     lambda: auth.token_validate_with_login(request_token=token, username=username, password=password))
session_id = (call('Authentication.session_new', lambda: auth.session_new(request_token=token)) or {}).get('session_id', '')
guest_id = (call('Authentication.guest_session_new', auth.guest_session_new) or {}).get('guest_session_id', '')

# Catalog ids to work with, from the catalog's own answers.
movies = tmdb.Movies()
popular = call('Movies.popular', movies.popular)
movie_id = first_id(popular)
series_popular = call('TV.popular', tmdb.TV().popular)
series_id = first_id(series_popular)

movie = tmdb.Movies(movie_id)
call('Movies.info', lambda: movie.info(append_to_response='images'))
for name in ['account_states', 'alternative_titles', 'changes', 'credits', 'external_ids', 'images',
             'keywords', 'lists', 'recommendations', 'release_dates', 'reviews', 'similar_movies',
             'translations', 'videos', 'watch_providers', 'releases']:
    kwargs = {'session_id': session_id} if name == 'account_states' else {}
    call('Movies.' + name, lambda name=name, kwargs=kwargs: getattr(movie, name)(**kwargs))
for name in ['latest', 'now_playing', 'top_rated', 'upcoming']:
    call('Movies.' + name, getattr(movies, name))

series = tmdb.TV(series_id)
call('TV.info', lambda: series.info(append_to_response='external_ids'))
for name in ['account_states', 'alternative_titles', 'content_ratings', 'credits', 'episode_groups',
             'external_ids', 'images', 'keywords', 'recommendations', 'reviews', 'screened_theatrically',
             'similar', 'translations', 'videos', 'watch_providers']:
    kwargs = {'session_id': session_id} if name == 'account_states' else {}
    call('TV.' + name, lambda name=name, kwargs=kwargs: getattr(series, name)(**kwargs))
for name in ['latest', 'airing_today', 'on_the_air', 'top_rated']:
    call('TV.' + name, getattr(tmdb.TV(), name))

season = tmdb.TV_Seasons(series_id, 1)
call('TV_Seasons.info', season.info)
call('TV_Seasons.account_states', lambda: season.account_states(session_id=session_id))
for name in ['credits', 'external_ids', 'images', 'videos']:
    call('TV_Seasons.' + name, getattr(season, name))
episode = tmdb.TV_Episodes(series_id, 1, 1)
call('TV_Episodes.info', episode.info)
call('TV_Episodes.account_states', lambda: episode.account_states(session_id=session_id))
for name in ['credits', 'external_ids', 'images', 'translations', 'videos']:
    call('TV_Episodes.' + name, getattr(episode, name))


def first_episode_group():
    """The first episode group of the catalog's first series that has one (asked outside the library)."""
    for candidate in range(1, 101):
        response = requests.get(f'{BASE_URL}/tv/{candidate}/episode_groups', params={'api_key': tmdb.API_KEY})
        results = response.json().get('results', []) if response.ok else []
        if results:
            return results[0]['id']
    return '0' * 24


call('TV_Episode_Groups.info', tmdb.TV_Episode_Groups(first_episode_group()).info)
changes = tmdb.TV_Changes(series_id)
call('TV_Changes.series', changes.series)
# A season and an episode by the ids their own answers give them.
call('TV_Changes.season', tmdb.TV_Changes((bodies['TV_Seasons.info'] or {}).get('id', 1)).season)
call('TV_Changes.episode', tmdb.TV_Changes((bodies['TV_Episodes.info'] or {}).get('id', 1)).episode)
series_networks = (bodies.get('TV.info') or {}).get('networks') or [{'id': 1}]
network = tmdb.Networks(series_networks[0]['id'])
for name in ['info', 'alternative_names', 'images']:
    call('Networks.' + name, getattr(network, name))

search = tmdb.Search()
for name in ['company', 'collection', 'keyword', 'movie', 'multi', 'person', 'tv']:
    call('Search.' + name, lambda name=name: getattr(search, name)(query='the'))
people_found = [r for r in (bodies['Search.multi'] or {}).get('results', []) if r.get('media_type') == 'person']
person_id = people_found[0]['id'] if people_found else 1
collection_id = first_id(bodies['Search.collection']) or 1

people = tmdb.People(person_id)
for name in ['info', 'changes', 'movie_credits', 'tv_credits', 'combined_credits', 'external_ids',
             'images', 'tagged_images', 'translations']:
    call('People.' + name, getattr(people, name))
call('People.latest', tmdb.People().latest)
call('People.popular', tmdb.People().popular)
movie_cast = (bodies['Movies.credits'] or {}).get('cast') or [{}]
call('Credits.info', tmdb.Credits(movie_cast[0].get('credit_id', 'none')).info)

collection = tmdb.Collections(collection_id)
for name in ['info', 'images', 'translations']:
    call('Collections.' + name, getattr(collection, name))
# A company, a keyword and a review of the catalog, named by the popular film's own answers.
company_id = ((bodies.get('Movies.info') or {}).get('production_companies') or [{'id': 1}])[0]['id']
keyword_id = ((bodies.get('Movies.keywords') or {}).get('keywords') or [{'id': 1}])[0]['id']
review_id = first_id(bodies.get('Movies.reviews')) or '5488c29bc3a3686f4a00004a'
company = tmdb.Companies(company_id)
for name in ['info', 'alternative_names', 'images', 'movies']:
    call('Companies.' + name, getattr(company, name))
keyword = tmdb.Keywords(keyword_id)
call('Keywords.info', keyword.info)
call('Keywords.movies', keyword.movies)
call('Reviews.info', tmdb.Reviews(review_id).info)

external = (call('TV_Episodes.external_ids (for Find)', episode.external_ids) or {}).get('imdb_id') or 'tt0000000'
call('Find.info', lambda: tmdb.Find(external).info(external_source='imdb_id'))
call('Trending.info', tmdb.Trending('movie', 'week').info)
call('Discover.movie', tmdb.Discover().movie)
call('Discover.tv', tmdb.Discover().tv)
genres = tmdb.Genres(28)
call('Genres.movie_list', genres.movie_list)
call('Genres.tv_list', genres.tv_list)
call('Genres.movies', genres.movies)
changes_all = tmdb.Changes()
for name in ['movie', 'tv', 'person']:
    call('Changes.' + name, getattr(changes_all, name))
configuration = tmdb.Configuration()
for name in ['info', 'countries', 'jobs', 'languages', 'primary_translations', 'timezones']:
    call('Configuration.' + name, getattr(configuration, name))
certifications = tmdb.Certifications()
for name in ['movie_list', 'tv_list', 'list']:
    call('Certifications.' + name, getattr(certifications, name))

# The account, and what it writes read back.
account = tmdb.Account(session_id)
call('Account.info', account.info)
rated_episode = call('TV_Episodes.rating', lambda: episode.rating(session_id=session_id, value=7.5))
call('Movies.rating', lambda: movie.rating(session_id=session_id, value=8.5))
call('TV.rating', lambda: series.rating(session_id=session_id, value=6.5))
call('Account.favorite', lambda: account.favorite(media_type='movie', media_id=movie_id, favorite=True))
call('Account.watchlist', lambda: account.watchlist(media_type='tv', media_id=series_id, watchlist=True))
for name in ['rated_movies', 'rated_tv', 'rated_tv_episodes', 'favorite_movies', 'favorite_tv',
             'watchlist_movies', 'watchlist_tv']:
    call('Account.' + name, lambda name=name: getattr(account, name)(session_id=session_id))
call('TV_Episodes.account_states (after rating)', lambda: episode.account_states(session_id=session_id))

# A guest session's ratings, read back through its own lists.
call('TV_Episodes.rating (guest)', lambda: episode.rating(guest_session_id=guest_id, value=9))
call('Movies.rating (guest)', lambda: movie.rating(guest_session_id=guest_id, value=4))
guest = tmdb.GuestSessions(guest_id)
for name in ['rated_movies', 'rated_tv', 'rated_tv_episodes']:
    call('GuestSessions.' + name, getattr(guest, name))

# Ratings taken back.
call('TV_Episodes.rating_delete', lambda: episode.rating_delete(session_id=session_id))
call('Movies.rating_delete', lambda: movie.rating_delete(session_id=session_id))
call('TV.rating_delete', lambda: series.rating_delete(session_id=session_id))
call('Account.rated_tv_episodes (after delete)', lambda: account.rated_tv_episodes(session_id=session_id))

# A list: created (tmdbsimple sends "language": null), filled, read back, emptied, deleted.
lists = tmdb.Lists(0, session_id)
created = call('Lists.list_create', lambda: lists.list_create(name='Watched in CI', description='made by tmdbsimple')) or {}
the_list = tmdb.Lists(created.get('list_id', 0), session_id)
call('Lists.add_item', lambda: the_list.add_item(media_id=movie_id))
call('Lists.info', the_list.info)
call('Lists.item_status', lambda: the_list.item_status(movie_id=movie_id))
call('Account.lists', lambda: account.lists(session_id=session_id))
call('Lists.remove_item', lambda: the_list.remove_item(media_id=movie_id))
call('Lists.item_status (after remove)', lambda: the_list.item_status(movie_id=movie_id))
call('Lists.add_item (again)', lambda: the_list.add_item(media_id=movie_id))
call('Lists.list_clear', lambda: the_list.list_clear(confirm=True))
call('Lists.info (after clear)', the_list.info)
call('Lists.list_delete', the_list.list_delete)
call('Lists.info (after delete)', the_list.info)

call('Authentication.session_delete', lambda: auth.session_delete(session_id=session_id))

json.dump({'ids': {'movie': movie_id, 'series': series_id, 'person': person_id, 'collection': collection_id, 'list': created.get('list_id')},
           'records': records}, sys.stdout)
