import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEED, catalogShape } from '../../src/server/catalog/shape.js';
import { type TestServer, FIXED_NOW, TEST_CATALOG_SIZE, rawJson, signIn, startTestServer } from './harness.js';

/**
 * The generated world agrees with itself. A sample of every kind of id (film, series, season,
 * episode, person, collection, company, network, keyword, list, review, credit) is walked over
 * HTTP through the operations that mention it, and what one answer says about another thing is
 * checked against that thing's own answers: a person's "known for" titles are among their
 * credits, no credit comes before they were old enough or long after they died, their department
 * is the one they mostly work in; a collection's films point back to it; a series' seasons and
 * episodes add up; a film's release dates fit its status; no two people of one film's or one
 * episode's credits share a name.
 *
 * Each test gathers every disagreement it finds and compares the list with [], so a failure
 * names them all.
 */

type Json = Record<string, any>;

let t: TestServer;
let sessionId: string;
const today = new Date(FIXED_NOW).toISOString().slice(0, 10);
const DAY = 86_400_000;
/** A child actor may be credited from about this age. */
const YOUNGEST_CREDIT_YEARS = 5;
/** A film or an episode may come out this long after its maker died. */
const POSTHUMOUS_YEARS = 2;

const get = (path: string): Promise<Json> => rawJson(t, path) as Promise<Json>;
const years = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / (365.25 * DAY);
/** A sample spread over 1..count: the first, the last and `n` between. */
const spread = (count: number, n: number) => [...new Set([1, count, ...Array.from({ length: n }, (_, i) => 1 + Math.floor(((i + 0.5) * count) / n))])];

const generated = catalogShape(DEFAULT_SEED, TEST_CATALOG_SIZE);
const shape = { movies: generated.movieCount, series: generated.seriesCount, people: generated.personCount, collections: generated.collectionCount };

beforeAll(async () => {
  t = await startTestServer();
  sessionId = await signIn(t);
});
afterAll(async () => {
  await t.dispose();
});

/** A list of people credited together: two different people never share a name. */
function sharedNames(where: string, people: Array<{ id: number; name: string }>): string[] {
  const byName = new Map<string, Set<number>>();
  for (const { id, name } of people) byName.set(name, (byName.get(name) ?? new Set()).add(id));
  return [...byName].filter(([, ids]) => ids.size > 1).map(([name, ids]) => `${where}: ${[...ids].join(' and ')} are both called ${name}`);
}

/** Every person's credits, each with the day it came out (null when it has none yet). */
function creditDays(combined: Json): Array<{ kind: string; id: number; day: string | null; department: string; creditId: string }> {
  const out = [];
  for (const entry of combined.cast as Json[]) {
    const day = entry.media_type === 'movie' ? entry.release_date : entry.first_credit_air_date;
    out.push({ kind: entry.media_type, id: entry.id, day: day || null, department: 'Acting', creditId: entry.credit_id });
  }
  for (const entry of combined.crew as Json[]) {
    const day = entry.media_type === 'movie' ? entry.release_date : entry.first_credit_air_date;
    out.push({ kind: entry.media_type, id: entry.id, day: day || null, department: entry.department, creditId: entry.credit_id });
  }
  return out;
}

describe('people', () => {
  it('known for titles they are credited in, credited only while alive and old enough, in the department they mostly work in', async () => {
    const problems: string[] = [];
    const popular = (await get('/3/person/popular')).results as Json[];
    const ids = [...new Set([...popular.slice(0, 10).map((p) => p.id as number), ...spread(shape.people, 30)])];
    for (const id of ids) {
      const [details, combined, movies, series, external, translations, tagged] = await Promise.all([
        get(`/3/person/${id}`),
        get(`/3/person/${id}/combined_credits`),
        get(`/3/person/${id}/movie_credits`),
        get(`/3/person/${id}/tv_credits`),
        get(`/3/person/${id}/external_ids`),
        get(`/3/person/${id}/translations`),
        get(`/3/person/${id}/tagged_images`),
      ]);
      const who = `person ${id} (${details.name})`;
      const credits = creditDays(combined);
      const titles = new Set(credits.map((c) => `${c.kind}:${c.id}`));
      // The same credits, whichever way they are asked for.
      const split = new Set([...movies.cast, ...movies.crew, ...series.cast, ...series.crew].map((c: Json) => c.credit_id));
      const joined = new Set(credits.map((c) => c.creditId));
      if (split.size !== joined.size || [...split].some((c) => !joined.has(c))) problems.push(`${who}: movie_credits + tv_credits differ from combined_credits`);
      if (external.id !== id || translations.id !== id) problems.push(`${who}: external_ids or translations name another id`);

      // Known for: as search and the popular list show the person.
      const found = ((await get(`/3/search/person?query=${encodeURIComponent(details.name)}`)).results as Json[]).find((p) => p.id === id);
      if (!found) problems.push(`${who}: a search for the name does not find them`);
      for (const item of (found?.known_for ?? []) as Json[]) {
        if (!titles.has(`${item.media_type}:${item.id}`)) problems.push(`${who}: known for ${item.media_type} ${item.id}, which is not among their credits`);
      }
      if (found && found.known_for_department !== details.known_for_department) problems.push(`${who}: search and details name different departments`);
      for (const image of tagged.results as Json[]) {
        const media = image.media_type === 'episode' ? `tv:${image.media.show_id}` : `${image.media_type}:${image.media.id}`;
        if (!titles.has(media)) problems.push(`${who}: a tagged image of ${media}, which is not among their credits`);
        if (image.media_type === 'episode') {
          const { season_number: season, episode_number: episode, show_id: show } = image.media;
          const own = await get(`/3/tv/${show}/season/${season}/episode/${episode}/credits`);
          if (![...own.cast, ...own.guest_stars, ...own.crew].some((member: Json) => member.id === id)) {
            problems.push(`${who}: a tagged still of S${season}E${episode} of series ${show}, whose credits do not name them`);
          }
        }
        if (image.media_type === 'tv') {
          const credited = [...series.cast, ...series.crew].filter((c: Json) => c.id === image.media.id).map((c: Json) => c.episode_count as number);
          // The episodes counted are the aired ones the person is in: no more than their credits count.
          if (image.media.episode_count > credited.reduce((n, count) => n + count, 0)) problems.push(`${who}: a tagged image of series ${image.media.id} counts ${image.media.episode_count} episodes, their credits ${credited.join('/')}`);
        }
      }

      // Department: the one most of their credits are in.
      if (credits.length > 0) {
        const counts = new Map<string, number>();
        for (const c of credits) counts.set(c.department, (counts.get(c.department) ?? 0) + 1);
        const most = Math.max(...counts.values());
        if (counts.get(details.known_for_department) !== most) {
          problems.push(`${who}: known for ${details.known_for_department}, but most credits are in ${[...counts].filter(([, n]) => n === most).map(([d]) => d).join('/')}`);
        }
      }

      // Life: no credit before the age of about five, none long after death.
      for (const c of credits) {
        if (c.day === null) continue;
        if (details.birthday && years(details.birthday, c.day) < YOUNGEST_CREDIT_YEARS) {
          problems.push(`${who}: born ${details.birthday}, credited in ${c.kind} ${c.id} of ${c.day}`);
        }
        if (details.deathday && years(details.deathday, c.day) > POSTHUMOUS_YEARS) {
          problems.push(`${who}: died ${details.deathday}, credited in ${c.kind} ${c.id} of ${c.day}`);
        }
      }
      if (details.birthday && details.birthday > today) problems.push(`${who}: born in the future (${details.birthday})`);
      if (details.deathday && (details.deathday > today || (details.birthday && details.deathday < details.birthday))) {
        problems.push(`${who}: died ${details.deathday}, born ${details.birthday}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every credit a person has is on the title, and the credit opens to the same person and title', async () => {
    const problems: string[] = [];
    for (const id of spread(shape.people, 12)) {
      const combined = await get(`/3/person/${id}/combined_credits`);
      for (const entry of [...combined.cast, ...combined.crew].slice(0, 6) as Json[]) {
        const credit = await get(`/3/credit/${entry.credit_id}`);
        if (credit.person.id !== id || credit.media.id !== entry.id || credit.media_type !== entry.media_type) {
          problems.push(`credit ${entry.credit_id} of person ${id}: opens to person ${credit.person.id} in ${credit.media_type} ${credit.media.id}`);
        }
        const titleCredits =
          entry.media_type === 'movie' ? await get(`/3/movie/${entry.id}/credits`) : await get(`/3/tv/${entry.id}/aggregate_credits`);
        const listed = [...titleCredits.cast, ...titleCredits.crew].some(
          (member: Json) => member.id === id && (member.credit_id === entry.credit_id || [...(member.roles ?? []), ...(member.jobs ?? [])].some((r: Json) => r.credit_id === entry.credit_id)),
        );
        if (!listed) problems.push(`person ${id}: credit ${entry.credit_id} is not in the credits of ${entry.media_type} ${entry.id}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('films', () => {
  it('credit people once by name, agree with each person’s own page, and fit their status with their release dates', async () => {
    const problems: string[] = [];
    const lists = await Promise.all(['popular', 'upcoming', 'now_playing'].map((list) => get(`/3/movie/${list}`)));
    const ids = [...new Set([...lists.flatMap((l) => (l.results as Json[]).slice(0, 4).map((m) => m.id as number)), ...spread(shape.movies, 30)])];
    for (const id of ids) {
      const [details, credits, releases, reviews, keywords] = await Promise.all([
        get(`/3/movie/${id}`),
        get(`/3/movie/${id}/credits`),
        get(`/3/movie/${id}/release_dates`),
        get(`/3/movie/${id}/reviews`),
        get(`/3/movie/${id}/keywords`),
      ]);
      const what = `movie ${id}`;
      problems.push(...sharedNames(what, [...credits.cast, ...credits.crew]));

      // Status and release dates.
      const released = details.status === 'Released';
      const days = (releases.results as Json[]).flatMap((country) => (country.release_dates as Json[]).map((d) => (d.release_date as string).slice(0, 10)));
      if (released && !(details.release_date <= today)) problems.push(`${what}: Released, but its release date is ${details.release_date}`);
      if (!released && details.release_date && details.release_date <= today) problems.push(`${what}: ${details.status}, but released ${details.release_date}`);
      if (!released && days.some((day) => day <= today)) problems.push(`${what}: ${details.status}, but a release date has passed (${days.filter((d) => d <= today).join(', ')})`);
      if (released && !days.some((day) => day <= today)) problems.push(`${what}: Released, but no release date has passed`);
      if (days.length > 0 && !days.includes(details.release_date)) {
        problems.push(`${what}: release_date ${details.release_date} is none of its release dates`);
      }

      // Collection.
      if (details.belongs_to_collection) {
        const collection = await get(`/3/collection/${details.belongs_to_collection.id}`);
        if (!(collection.parts as Json[]).some((part) => part.id === id)) problems.push(`${what}: belongs to collection ${collection.id}, which does not list it`);
        if (collection.name !== details.belongs_to_collection.name) problems.push(`${what}: its collection is named differently by the collection`);
      }

      // Reviews point back at the film.
      for (const review of reviews.results as Json[]) {
        const opened = await get(`/3/review/${review.id}`);
        if (opened.media_id !== id || opened.media_type !== 'movie') problems.push(`review ${review.id} of ${what}: opens to ${opened.media_type} ${opened.media_id}`);
      }
      // Keywords and companies open to the same names.
      for (const keyword of (keywords.keywords as Json[]).slice(0, 2)) {
        const opened = await get(`/3/keyword/${keyword.id}`);
        if (opened.name !== keyword.name) problems.push(`${what}: keyword ${keyword.id} is ${keyword.name} here, ${opened.name} on its own`);
      }
      for (const company of (details.production_companies as Json[]).slice(0, 1)) {
        const opened = await get(`/3/company/${company.id}`);
        if (opened.name !== company.name) problems.push(`${what}: company ${company.id} is ${company.name} here, ${opened.name} on its own`);
      }

      // The first few credited people: their own pages agree.
      for (const member of [...(credits.cast as Json[]).slice(0, 3), ...(credits.crew as Json[]).slice(0, 2)]) {
        const person = await get(`/3/person/${member.id}`);
        if (person.name !== member.name || person.known_for_department !== member.known_for_department) {
          problems.push(`${what}: credits ${member.name} (${member.known_for_department}), whose page says ${person.name} (${person.known_for_department})`);
        }
        const theirs = await get(`/3/person/${member.id}/movie_credits`);
        if (![...theirs.cast, ...theirs.crew].some((c: Json) => c.credit_id === member.credit_id && c.id === id)) {
          problems.push(`${what}: credit ${member.credit_id} of ${member.id} is not among the person's film credits`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('no two people of one film’s credits share a name, in any film', async () => {
    const problems: string[] = [];
    for (let id = 1; id <= shape.movies; id++) {
      const credits = await get(`/3/movie/${id}/credits`);
      problems.push(...sharedNames(`movie ${id}`, [...credits.cast, ...credits.crew]));
    }
    expect(problems).toEqual([]);
  });

  it('collections: every film of a collection points back to it', async () => {
    const problems: string[] = [];
    const count = shape.collections;
    for (const id of spread(count, 8)) {
      const collection = await get(`/3/collection/${id}`);
      const images = await get(`/3/collection/${id}/images`);
      if (images.id !== id) problems.push(`collection ${id}: its images name ${images.id}`);
      for (const part of collection.parts as Json[]) {
        const film = await get(`/3/movie/${part.id}`);
        if (film.belongs_to_collection?.id !== id) problems.push(`collection ${id}: film ${part.id} belongs to ${film.belongs_to_collection?.id ?? 'none'}`);
        if (film.release_date !== part.release_date || film.title !== part.title) problems.push(`collection ${id}: film ${part.id} differs from its part`);
      }
      const dates = (collection.parts as Json[]).map((p) => p.release_date as string);
      if (dates.some((d, i) => i > 0 && d < dates[i - 1]!)) problems.push(`collection ${id}: parts out of release order`);
    }
    expect(problems).toEqual([]);
  });
});

describe('series', () => {
  it('seasons and episodes add up, last and next episode fit the status, and creators are credited', async () => {
    const problems: string[] = [];
    const lists = await Promise.all(['popular', 'on_the_air'].map((list) => get(`/3/tv/${list}`)));
    const ids = [...new Set([...lists.flatMap((l) => (l.results as Json[]).slice(0, 4).map((s) => s.id as number)), ...spread(shape.series, 16)])];
    for (const id of ids) {
      const [details, aggregate] = await Promise.all([get(`/3/tv/${id}`), get(`/3/tv/${id}/aggregate_credits`)]);
      const what = `series ${id}`;
      const regular = (details.seasons as Json[]).filter((s) => s.season_number !== 0);
      if (details.number_of_seasons !== regular.length) problems.push(`${what}: number_of_seasons ${details.number_of_seasons}, ${regular.length} regular seasons`);
      const summed = regular.reduce((n, s) => n + (s.episode_count as number), 0);
      if (details.number_of_episodes !== summed) problems.push(`${what}: number_of_episodes ${details.number_of_episodes}, seasons add up to ${summed}`);

      const aired: Json[] = [];
      const coming: Json[] = [];
      for (const summary of details.seasons as Json[]) {
        const season = await get(`/3/tv/${id}/season/${summary.season_number}`);
        const episodes = season.episodes as Json[];
        if (episodes.length !== summary.episode_count) problems.push(`${what} season ${summary.season_number}: episode_count ${summary.episode_count}, ${episodes.length} listed`);
        if (season.id !== summary.id || season.air_date !== summary.air_date) problems.push(`${what} season ${summary.season_number}: details differ from the summary`);
        if (episodes[0] && episodes[0].air_date !== season.air_date) problems.push(`${what} season ${summary.season_number}: airs ${season.air_date}, its first episode ${episodes[0].air_date}`);
        for (const episode of episodes) {
          if (summary.season_number !== 0) (episode.air_date !== null && episode.air_date <= today ? aired : coming).push(episode);
          const people = [...season.episodes.find((e: Json) => e.id === episode.id).guest_stars, ...episode.crew];
          // The regulars are in the episode's own credits (its cast).
          const own = await get(`/3/tv/${id}/season/${summary.season_number}/episode/${episode.episode_number}/credits`);
          problems.push(...sharedNames(`${what} S${summary.season_number}E${episode.episode_number}`, [...own.cast, ...own.guest_stars, ...own.crew]));
          if (own.id !== episode.id || people.length !== own.guest_stars.length + own.crew.length) problems.push(`${what} episode ${episode.id}: credits differ from the episode's own`);
        }
      }
      const last = aired.at(-1);
      const next = coming.find((e) => e.air_date !== null);
      if ((details.last_episode_to_air?.id ?? null) !== (last?.id ?? null)) problems.push(`${what}: last_episode_to_air ${details.last_episode_to_air?.id}, the last aired is ${last?.id}`);
      if ((details.last_air_date ?? null) !== (last?.air_date ?? null)) problems.push(`${what}: last_air_date ${details.last_air_date}, the last aired episode ${last?.air_date}`);
      if ((details.next_episode_to_air?.id ?? null) !== (next?.id ?? null)) problems.push(`${what}: next_episode_to_air ${details.next_episode_to_air?.id}, the next dated is ${next?.id}`);
      if (details.first_air_date !== regular[0]?.air_date) problems.push(`${what}: first_air_date ${details.first_air_date}, season 1 ${regular[0]?.air_date}`);
      const ended = details.status === 'Ended' || details.status === 'Canceled';
      if (ended && (coming.length > 0 || details.in_production)) problems.push(`${what}: ${details.status}, but episodes are still to come or it is in production`);
      if (!ended && !details.in_production) problems.push(`${what}: ${details.status} but not in production`);

      // Creators are among the people credited on the series, and their own pages list it.
      for (const creator of details.created_by as Json[]) {
        const theirs = await get(`/3/person/${creator.id}/tv_credits`);
        if (![...theirs.cast, ...theirs.crew].some((c: Json) => c.id === id)) problems.push(`${what}: created by ${creator.id} (${creator.name}), whose credits do not name it`);
        const person = await get(`/3/person/${creator.id}`);
        if (person.name !== creator.name) problems.push(`${what}: creator ${creator.id} is ${creator.name} here, ${person.name} on their page`);
      }
      // Everyone credited on the series: their own pages count the same episodes.
      for (const member of [...(aggregate.cast as Json[]).slice(0, 3), ...(aggregate.crew as Json[]).slice(0, 2)]) {
        const theirs = await get(`/3/person/${member.id}/tv_credits`);
        for (const part of [...(member.roles ?? []), ...(member.jobs ?? [])] as Json[]) {
          const mine = [...theirs.cast, ...theirs.crew].find((c: Json) => c.credit_id === part.credit_id);
          if (!mine || mine.id !== id || mine.episode_count !== part.episode_count) {
            problems.push(`${what}: ${member.id} has credit ${part.credit_id} for ${part.episode_count} episodes, their page says ${mine ? mine.episode_count : 'nothing'}`);
          }
        }
      }
      // The network opens to the same name.
      for (const network of details.networks as Json[]) {
        const opened = await get(`/3/network/${network.id}`);
        if (opened.name !== network.name) problems.push(`${what}: network ${network.id} is ${network.name} here, ${opened.name} on its own`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('episodes and seasons open by their own ids and external ids', async () => {
    const problems: string[] = [];
    for (const id of spread(shape.series, 6)) {
      const details = await get(`/3/tv/${id}`);
      const season = await get(`/3/tv/${id}/season/${(details.seasons as Json[]).at(-1)!.season_number}`);
      const episode = (season.episodes as Json[])[0]!;
      const path = `/3/tv/${id}/season/${episode.season_number}/episode/${episode.episode_number}`;
      const [opened, external, seasonExternal] = await Promise.all([get(path), get(`${path}/external_ids`), get(`/3/tv/${id}/season/${episode.season_number}/external_ids`)]);
      if (opened.id !== episode.id || opened.name !== episode.name || opened.air_date !== episode.air_date) problems.push(`${path}: differs from its season's listing`);
      if (external.id !== episode.id || seasonExternal.id !== season.id) problems.push(`${path}: external ids name other ids`);
      await get(`/3/tv/episode/${episode.id}/changes`);
      await get(`/3/tv/season/${season.id}/changes`);
    }
    expect(problems).toEqual([]);
  });
});

describe('what lists of titles name', () => {
  it('keywords, companies and networks: the titles found by them carry them', async () => {
    const problems: string[] = [];
    const keywordIds = new Set<number>();
    const companyIds = new Set<number>();
    const networkIds = new Set<number>();
    for (const id of spread(shape.movies, 4)) {
      for (const k of (await get(`/3/movie/${id}/keywords`)).keywords as Json[]) keywordIds.add(k.id);
      for (const c of (await get(`/3/movie/${id}`)).production_companies as Json[]) companyIds.add(c.id);
    }
    for (const id of spread(shape.series, 4)) for (const n of (await get(`/3/tv/${id}`)).networks as Json[]) networkIds.add(n.id);
    for (const keyword of [...keywordIds].slice(0, 4)) {
      for (const movie of ((await get(`/3/keyword/${keyword}/movies`)).results as Json[]).slice(0, 5)) {
        const own = await get(`/3/movie/${movie.id}/keywords`);
        if (!(own.keywords as Json[]).some((k) => k.id === keyword)) problems.push(`keyword ${keyword}: lists movie ${movie.id}, which does not carry it`);
      }
    }
    for (const company of [...companyIds].slice(0, 3)) {
      await get(`/3/company/${company}/images`);
      for (const movie of ((await get(`/3/discover/movie?with_companies=${company}`)).results as Json[]).slice(0, 5)) {
        const own = await get(`/3/movie/${movie.id}`);
        if (!(own.production_companies as Json[]).some((c) => c.id === company)) problems.push(`company ${company}: finds movie ${movie.id}, which does not name it`);
      }
    }
    for (const network of [...networkIds].slice(0, 3)) {
      await get(`/3/network/${network}/images`);
      for (const series of ((await get(`/3/discover/tv?with_networks=${network}`)).results as Json[]).slice(0, 5)) {
        const own = await get(`/3/tv/${series.id}`);
        if (!(own.networks as Json[]).some((n) => n.id === network)) problems.push(`network ${network}: finds series ${series.id}, which does not name it`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('lists: a film added to a list is named by the list and lists the list', async () => {
    const body = (value: unknown) => ({ body: JSON.stringify(value), headers: { 'content-type': 'application/json' } });
    const created = await t.raw('POST', `/3/list?session_id=${sessionId}`, body({ name: 'World walk', description: '', language: 'en' }));
    const listId = (created.json as Json).list_id as number;
    const films = spread(shape.movies, 2);
    for (const media_id of films) await t.raw('POST', `/3/list/${listId}/add_item?session_id=${sessionId}`, body({ media_id }));
    const problems: string[] = [];
    const list = await get(`/3/list/${listId}`);
    for (const item of list.items as Json[]) {
      const film = await get(`/3/movie/${item.id}`);
      if (film.title !== item.title || film.release_date !== item.release_date) problems.push(`list ${listId}: item ${item.id} differs from the film`);
      const holding = await get(`/3/movie/${item.id}/lists`);
      if (!(holding.results as Json[]).some((l) => l.id === listId)) problems.push(`film ${item.id}: its lists do not name list ${listId}`);
      const status = await get(`/3/list/${listId}/item_status?movie_id=${item.id}`);
      if (status.item_present !== true) problems.push(`list ${listId}: item_status says film ${item.id} is absent`);
    }
    if ((list.items as Json[]).length !== films.length) problems.push(`list ${listId}: holds ${(list.items as Json[]).length} of ${films.length} films`);
    expect(problems).toEqual([]);
  });
});
