/**
 * The one keymap: every command, its keys, what it does and where it applies. Dispatch, the
 * `?` help overlay and the footer are all derived from this table, so a key documented in the
 * help is the key that works.
 *
 * Scopes: `global` applies everywhere (after the screen had its chance); `list`, `panel`,
 * `field` belong to the shared components; `edit` to the line of a focused text field; `form`
 * and `help` to the modal form and the help overlay; other scopes are a screen's own (named
 * after the screen id).
 */

import type { TabId } from '../state/index.js';
import { isTextKey, keyParts, type KeyName } from './input/key-events.js';

export interface Binding {
  readonly command: string;
  /** Key names as the input pipeline names them (input/key-events.ts): 'j', 'G', 'down', 'enter', 'esc', 'ctrl+c', 'shift+tab'. */
  readonly keys: readonly KeyName[];
  /**
   * What each key tells the command, for a command with several keys that mean different
   * things (which tab, which view). Handlers get this argument, never the key pressed, so
   * rebinding a key here cannot change what a handler does.
   */
  readonly args?: Readonly<Partial<Record<KeyName, string>>>;
  /**
   * What the command does. Another key is named as `{command}` (that command's first key) or
   * `{command:arg}` (its key for that argument), never written by hand: the keymap in use
   * (currentKeymap, withKeysNamed) says the key bound now, a rebound one included.
   */
  readonly description: string;
  readonly scope: string;
  /** Shown in the footer with this word when the command is available. */
  readonly footer?: string;
  /**
   * Other words the footer may say for the command, in a state of a screen that changes what the
   * key does next (useFooterWords picks one): every word the footer shows comes from this table.
   */
  readonly footerAlso?: readonly string[];
}

export const KEYMAP = [
  // --- everywhere ---
  { command: 'app.forceQuit', keys: ['ctrl+c'], description: 'Quit, from anywhere', scope: 'global', footer: 'quit' },
  { command: 'app.quit', keys: ['q'], description: "Quit (from a tab's first screen)", scope: 'global', footer: 'quit' },
  { command: 'app.back', keys: ['esc'], description: 'Go back one level (never quits)', scope: 'global', footer: 'back' },
  { command: 'app.help', keys: ['?'], description: 'Show or hide the keys of this screen', scope: 'global', footer: 'help' },
  { command: 'app.session', keys: ['s'], description: 'Sign in, start a guest session, or sign out', scope: 'global', footer: 'session' },
  { command: 'app.palette', keys: [':'], description: 'Command palette: run a command of this screen, or go to a tab, a list or a recent title, by name', scope: 'global' },
  { command: 'app.settings', keys: [','], description: 'Settings: the language of titles and overviews, and the region', scope: 'global', footer: 'settings' },
  { command: 'app.upNext', keys: ['U'], description: 'Up next: the next aired episode to rate of each series I follow', scope: 'global', footer: 'up next' },
  { command: 'tab.select', keys: ['1', '2', '3', '4', '5'], args: { '1': 'movies', '2': 'tv', '3': 'search', '4': 'lists', '5': 'certifications' }, description: 'Go to a tab: Movies, TV, Search, Lists, Certifications', scope: 'global' },
  { command: 'tab.next', keys: ['tab'], description: 'Next tab', scope: 'global' },
  { command: 'tab.previous', keys: ['shift+tab'], description: 'Previous tab', scope: 'global' },

  // --- rating mode of a season (before the list keys: the footer names the keys of a mode first) ---
  { command: 'rating.quickRate', keys: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'], args: { '1': '1', '2': '2', '3': '3', '4': '4', '5': '5', '6': '6', '7': '7', '8': '8', '9': '9', '0': '10' }, description: 'Rating mode: rate the highlighted episode ({rating.quickRate:10} is 10) and move to the next', scope: 'rating.quick', footer: 'rate' },
  { command: 'rating.quickHalf', keys: ['.'], description: 'Rating mode: add half a point to the rating just given ({rating.quickRate:7} then {rating.quickHalf} is 7.5)', scope: 'rating.quick', footer: '+½' },
  { command: 'rating.quickBack', keys: ['backspace'], description: 'Rating mode: take back the last rating given in the mode and step back to its episode', scope: 'rating.quick', footer: 'take back' },
  { command: 'rating.quickLeave', keys: ['esc'], description: 'Leave rating mode', scope: 'rating.quick', footer: 'leave mode' },

  // --- lists ---
  { command: 'list.down', keys: ['j', 'down'], description: 'Move down', scope: 'list', footer: 'move' },
  // Anything with an address (an image, a still, a homepage, an IMDb page; Enter opens it too).
  // Here, before the other keys of a screen, so the footer names them on such a row.
  { command: 'address.copy', keys: ['y'], description: 'Copy the highlighted address (system clipboard, or OSC 52)', scope: 'address', footer: 'copy' },
  { command: 'address.open', keys: ['o'], description: 'Open the highlighted address in the browser ({list.open} too)', scope: 'address', footer: 'browser' },
  { command: 'list.up', keys: ['k', 'up'], description: 'Move up', scope: 'list' },
  { command: 'list.top', keys: ['g', 'home'], description: 'Go to the first row', scope: 'list' },
  { command: 'list.bottom', keys: ['G', 'end'], description: 'Go to the last row (of the whole list: its page loads alone)', scope: 'list' },
  { command: 'list.pageDown', keys: ['pagedown'], description: 'Page down', scope: 'list' },
  { command: 'list.pageUp', keys: ['pageup'], description: 'Page up', scope: 'list' },
  { command: 'list.open', keys: ['enter'], description: 'Open the selected row', scope: 'list', footer: 'open', footerAlso: ['ticks'] },

  // --- panels that load something ---
  { command: 'panel.retry', keys: ['r'], description: 'Try loading again', scope: 'panel', footer: 'retry' },

  // --- text fields on screens ---
  { command: 'field.submit', keys: ['enter'], description: 'Submit what you typed', scope: 'field', footer: 'submit' },
  { command: 'field.leave', keys: ['esc', 'down'], description: 'Leave the text field', scope: 'field', footer: 'leave field' },

  // --- editing the line of any focused text field, as a shell edits it (readline's emacs keys).
  // A focused field takes these before any command of its layer (input/line-editor.ts); a key
  // that types a character cannot be one of them. ---
  { command: 'edit.left', keys: ['left', 'ctrl+b'], description: 'Move the cursor one character left', scope: 'edit' },
  { command: 'edit.right', keys: ['right', 'ctrl+f'], description: 'Move the cursor one character right', scope: 'edit' },
  { command: 'edit.start', keys: ['home', 'ctrl+a'], description: 'Move the cursor to the start of the line', scope: 'edit' },
  { command: 'edit.end', keys: ['end', 'ctrl+e'], description: 'Move the cursor to the end of the line', scope: 'edit' },
  { command: 'edit.wordLeft', keys: ['meta+b', 'meta+left'], description: 'Move the cursor back a word', scope: 'edit' },
  { command: 'edit.wordRight', keys: ['meta+f', 'meta+right'], description: 'Move the cursor forward a word', scope: 'edit' },
  { command: 'edit.eraseBack', keys: ['backspace'], description: 'Erase the character before the cursor', scope: 'edit' },
  { command: 'edit.eraseForward', keys: ['delete', 'ctrl+d'], description: 'Erase the character under the cursor', scope: 'edit' },
  { command: 'edit.eraseWordBack', keys: ['ctrl+w', 'meta+backspace'], description: 'Erase the word before the cursor', scope: 'edit' },
  { command: 'edit.eraseWordForward', keys: ['meta+d'], description: 'Erase the word after the cursor', scope: 'edit' },
  { command: 'edit.eraseToStart', keys: ['ctrl+u'], description: 'Erase from the cursor to the start of the line', scope: 'edit' },
  { command: 'edit.eraseToEnd', keys: ['ctrl+k'], description: 'Erase from the cursor to the end of the line', scope: 'edit' },

  // --- the help overlay ---
  { command: 'help.close', keys: ['?', 'esc'], description: 'Close the help', scope: 'help', footer: 'close' },
  { command: 'help.down', keys: ['j', 'down'], description: 'Scroll down', scope: 'help', footer: 'scroll' },
  { command: 'help.up', keys: ['k', 'up'], description: 'Scroll up', scope: 'help' },

  // --- the command palette (its field has the focus: letters type, j and k included) ---
  { command: 'palette.run', keys: ['enter'], description: 'Run the highlighted command, or go to the highlighted place', scope: 'palette', footer: 'run' },
  { command: 'palette.down', keys: ['down', 'ctrl+n'], description: 'Highlight the next entry', scope: 'palette', footer: 'move' },
  { command: 'palette.up', keys: ['up', 'ctrl+p'], description: 'Highlight the previous entry', scope: 'palette' },
  { command: 'palette.close', keys: ['esc'], description: 'Close the palette, changing nothing', scope: 'palette', footer: 'close' },

  // --- the modal form (sessions) ---
  { command: 'form.submit', keys: ['enter'], description: 'Choose, or submit the form', scope: 'form', footer: 'submit' },
  { command: 'form.next', keys: ['tab', 'down'], description: 'Next field', scope: 'form', footer: 'next field' },
  { command: 'form.previous', keys: ['shift+tab', 'up'], description: 'Previous field', scope: 'form' },
  { command: 'form.back', keys: ['esc'], description: 'Back to the choices, or close the form', scope: 'form', footer: 'back' },

  // --- screens ---
  { command: 'search.focus', keys: ['/'], description: 'Type a search (on the results, typing a character no key here takes starts a new search with it too)', scope: 'search.home', footer: 'search' },
  { command: 'certifications.kind', keys: ['t'], description: 'Switch between TV and movie certifications', scope: 'certifications.home', footer: 'tv/movies' },

  // --- TV tab (tv.home, tv.detail, tv.season, tv.episode), quick rating, Certifications ---
  { command: 'tv.latest', keys: ['l'], description: 'Open the latest series of the catalog (the one added last)', scope: 'tv.home', footer: 'latest' },
  { command: 'tv.calendar', keys: ['c'], description: 'The episode calendar of the series I follow', scope: 'tv.home', footer: 'calendar' },
  { command: 'tv.stillLanguages', keys: ['l'], description: 'Stills: next image language filter (all, a language + untagged, untagged only)', scope: 'tv.episode', footer: 'languages' },
  { command: 'episode.next', keys: [']'], description: 'Next episode (on into the next season)', scope: 'tv.episode', footer: 'next' },
  { command: 'episode.previous', keys: ['['], description: 'Previous episode', scope: 'tv.episode', footer: 'previous' },
  { command: 'tv.retryPart', keys: ['R'], description: 'Load again the part that failed (keywords, your ratings, stills, ids)', scope: 'tv.parts', footer: 'retry part' },
  { command: 'rating.open', keys: ['r'], description: 'Rate it (0.5 to 10, in steps of 0.5); saving moves on to the next episode', scope: 'tv.rating', footer: 'rate' },
  { command: 'rating.select', keys: ['v'], description: 'Select episodes to rate at once: move to extend the selection, then rate them', scope: 'tv.season', footer: 'select' },
  { command: 'rating.unrated', keys: ['a'], description: 'Rate every episode of the season you have not rated, with one value', scope: 'tv.season', footer: 'rate unrated' },
  { command: 'rating.clearSelection', keys: ['esc'], description: 'Clear the selection', scope: 'tv.season', footer: 'clear selection' },
  { command: 'rating.delete', keys: ['X'], description: 'Delete my rating of it (asks first)', scope: 'tv.rating', footer: 'unrate' },
  { command: 'rating.undo', keys: ['u'], description: 'Undo my last rating change: one rating, a range or a whole batch (several levels)', scope: 'tv.rating', footer: 'undo' },
  { command: 'rating.quickMode', keys: ['m'], description: 'Rating mode: a digit rates the highlighted episode and moves to the next', scope: 'tv.season', footer: 'rating mode' },
  { command: 'rating.type', keys: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '.'], args: { '0': '0', '1': '1', '2': '2', '3': '3', '4': '4', '5': '5', '6': '6', '7': '7', '8': '8', '9': '9', '.': '.' }, description: 'Type the rating: 0.5 to 10, in steps of 0.5', scope: 'rating.form', footer: 'type' },
  { command: 'rating.up', keys: ['right', '+', 'l'], description: 'Raise the rating by 0.5', scope: 'rating.form', footer: '+0.5' },
  { command: 'rating.down', keys: ['left', '-', 'h'], description: 'Lower the rating by 0.5', scope: 'rating.form', footer: '-0.5' },
  { command: 'rating.erase', keys: ['backspace', 'delete'], description: 'Erase the last character', scope: 'rating.form' },
  { command: 'rating.save', keys: ['enter'], description: 'Save the rating and move to the next episode', scope: 'rating.form', footer: 'save' },
  { command: 'rating.cancel', keys: ['esc'], description: 'Close the form without saving', scope: 'rating.form', footer: 'cancel' },
  { command: 'rating.confirmDelete', keys: ['y'], description: 'Yes, delete my rating', scope: 'rating.confirm', footer: 'delete' },
  { command: 'rating.keepRating', keys: ['n', 'esc'], description: 'No, keep my rating', scope: 'rating.confirm', footer: 'keep' },
  { command: 'certifications.filter', keys: ['/'], description: 'Filter the countries: type a code or part of a name', scope: 'certifications.home', footer: 'filter' },
  { command: 'certifications.clearFilter', keys: ['esc'], description: 'Clear the country filter', scope: 'certifications.home', footer: 'clear filter' },
  { command: 'certifications.scrollDown', keys: ['J', 'ctrl+d'], description: "Scroll the country's certifications down", scope: 'certifications.home' },
  { command: 'certifications.scrollUp', keys: ['K', 'ctrl+u'], description: "Scroll the country's certifications up", scope: 'certifications.home' },
  { command: 'certifications.nextCountry', keys: [']', '['], args: { ']': 'next', '[': 'previous' }, description: "A country's page: the next or previous country (by name), the country list beside it at 160 columns and wider", scope: 'certifications.country', footer: 'country' },
  { command: 'certifications.side', keys: ['t'], description: "A country's page, side by side: move between its movie and TV certifications", scope: 'certifications.country', footer: 'movies/tv' },
  { command: 'certifications.orBelow', keys: ['b'], description: 'Titles of a label: this label only, or this label and below', scope: 'certifications.titles', footer: 'or below', footerAlso: ['this label only'] },
  { command: 'certifications.order', keys: ['o'], description: 'Titles of a label: sort by popularity, rating, release date or title', scope: 'certifications.titles', footer: 'order' },

  // --- Movies, Search and Lists tabs; the movie, collection and person screens ---
  // In-screen panels first: the footer shows the first few keys available, in this order.
  { command: 'confirm.yes', keys: ['y'], description: 'Yes, go ahead', scope: 'confirm', footer: 'yes' },
  { command: 'confirm.no', keys: ['n', 'esc'], description: 'No, leave things as they are', scope: 'confirm', footer: 'no' },
  { command: 'picker.choose', keys: ['enter'], description: 'Choose the highlighted entry (type to filter by code or name)', scope: 'picker', footer: 'choose' },
  { command: 'picker.cancel', keys: ['esc'], description: 'Close without choosing', scope: 'picker', footer: 'cancel' },
  { command: 'myLists.toggle', keys: ['enter'], description: 'Put the movie on the highlighted list, or take it off', scope: 'my-lists', footer: 'add/remove' },
  // a and x are in the panel's own hint line: the footer keeps room for Enter and Esc.
  { command: 'myLists.add', keys: ['a'], description: 'Add the movie to the highlighted list', scope: 'my-lists' },
  { command: 'myLists.remove', keys: ['x'], description: 'Remove the movie from the highlighted list', scope: 'my-lists' },
  { command: 'myLists.close', keys: ['esc'], description: 'Close my lists', scope: 'my-lists', footer: 'close' },
  { command: 'movieSearch.add', keys: ['enter'], description: 'Add the highlighted movie to the list', scope: 'movie-search', footer: 'add' },
  { command: 'movieSearch.close', keys: ['esc'], description: 'Close the movie search', scope: 'movie-search', footer: 'done' },
  // A list's own keys before the keys of its rows: the footer names the first that fit.
  { command: 'marked.remove', keys: ['x'], description: 'Take the highlighted title off my watchlist or favourites (asks first)', scope: 'lists.marked', footer: 'remove' },
  { command: 'mylist.add', keys: ['a'], description: 'Add a movie: type to search, then add the highlighted one', scope: 'lists.detail', footer: 'add movie' },
  { command: 'mylist.remove', keys: ['x'], description: 'Remove the highlighted movie (asks first)', scope: 'lists.detail', footer: 'remove' },
  { command: 'mylist.clear', keys: ['C'], description: 'Remove every movie from the list (asks first)', scope: 'lists.detail', footer: 'clear' },
  { command: 'mylist.delete', keys: ['D'], description: 'Delete the list (asks first)', scope: 'lists.detail', footer: 'delete list' },
  { command: 'title.rate', keys: ['r'], description: 'Rate it: 0.5 to 10, in steps of 0.5', scope: 'title', footer: 'rate' },
  { command: 'title.unrate', keys: ['X'], description: 'Delete my rating of it (asks first)', scope: 'title', footer: 'unrate' },
  { command: 'title.watchlist', keys: ['w'], description: 'Put it on my watchlist, or take it off', scope: 'title', footer: 'watchlist' },
  { command: 'title.favorite', keys: ['f'], description: 'Mark it as a favourite, or not', scope: 'title', footer: 'favourite' },
  // One row for the section bar's keys (the bar on screen names them): help stays short.
  { command: 'movies.section', keys: ['p', 'n', 't', 'u', 'l', 'T', 'D', 'left', 'right'], args: { p: 'popular', n: 'nowPlaying', t: 'topRated', u: 'upcoming', l: 'latest', T: 'trending', D: 'discover', left: 'previous', right: 'next' }, description: 'Switch section, or open the latest movie, Trending or Discover', scope: 'movies.home' },
  { command: 'movies.region', keys: ['R'], description: 'Upcoming: choose the region (country), or none', scope: 'movies.upcoming', footer: 'region' },
  { command: 'movies.language', keys: ['L'], description: 'Upcoming: choose the language', scope: 'movies.upcoming', footer: 'language' },
  { command: 'movie.view', keys: ['d', 'C', 'i', 'l', 'p', 'v', 'O'], args: { d: 'details', C: 'credits', i: 'images', l: 'lists', p: 'providers', v: 'videos', O: 'related' }, description: 'Details, cast and crew, images, lists with the movie, where to watch, videos, more like it', scope: 'movies.detail', footer: 'view' },
  { command: 'series.view', keys: ['d', 'C', 'p', 'v', 'O'], args: { d: 'details', C: 'credits', p: 'providers', v: 'videos', O: 'related' }, description: 'Details, cast and crew, where to watch the series, its videos, or more like it', scope: 'tv.detail', footer: 'view' },
  { command: 'watch.region', keys: ['R'], description: 'Where to watch: see another region (for this run)', scope: 'watch', footer: 'region' },
  { command: 'related.kind', keys: ['t'], description: 'More like this: switch between recommendations and similar titles', scope: 'related', footer: 'recommended/similar' },
  { command: 'movie.myLists', keys: ['a'], description: 'Add the movie to, or remove it from, one of my lists', scope: 'movies.detail', footer: 'my lists' },
  { command: 'movie.collection', keys: ['c'], description: 'Open the collection the movie belongs to ({list.open} too, on a line that is not a link)', scope: 'movies.detail', footer: 'collection' },
  { command: 'settings.language', keys: ['L'], description: 'Choose the language of titles and overviews (kept for later runs)', scope: 'settings', footer: 'language' },
  { command: 'settings.region', keys: ['R'], description: 'Choose the region of "where to watch" (kept for later runs)', scope: 'settings', footer: 'region' },
  { command: 'collection.language', keys: ['L'], description: 'Choose the language of the collection', scope: 'movies.collection', footer: 'language' },
  { command: 'search.collections', keys: ['c'], description: 'Switch between multi search and collection search', scope: 'search.home', footer: 'collections' },
  { command: 'person.view', keys: ['d', 'f', 'i', 't'], args: { d: 'details', f: 'filmography', i: 'profiles', t: 'tagged' }, description: 'Details, filmography, profile images, or tagged images (deprecated)', scope: 'search.person', footer: 'view' },
  { command: 'filmography.order', keys: ['o'], description: 'Filmography: sort by date or by popularity', scope: 'filmography', footer: 'sort' },
  { command: 'lists.create', keys: ['n'], description: 'Create a list', scope: 'lists.home', footer: 'new list' },
  { command: 'lists.delete', keys: ['D'], description: 'Delete the highlighted list (asks first)', scope: 'lists.home', footer: 'delete' },
  { command: 'lists.marked', keys: ['W', 'F', 'M'], args: { W: 'watchlist', F: 'favorites', M: 'rated' }, description: 'My watchlist, favourites or ratings', scope: 'lists.home', footer: 'watchlist/favourites/ratings' },
  { command: 'lists.import', keys: ['I'], description: 'Import ratings, watchlist and lists (IMDb, Letterboxd, Trakt)', scope: 'lists.home', footer: 'import' },
  { command: 'lists.export', keys: ['E'], description: 'Export the account (JSON, CSV or Letterboxd)', scope: 'lists.home', footer: 'export' },
  { command: 'lists.stats', keys: ['S'], description: 'Stats: my ratings in figures (by step, month, genre, decade, country, people, runtime)', scope: 'lists.home', footer: 'stats' },
  { command: 'stats.figure', keys: [']', '[', 'right', 'left'], args: { ']': 'next', '[': 'previous', right: 'next', left: 'previous' }, description: 'Stats: the next or previous figure', scope: 'lists.stats', footer: 'figure' },
  { command: 'export.format', keys: ['left', 'right'], args: { left: 'previous', right: 'next' }, description: 'The previous or next format', scope: 'export.format', footer: 'format' },
  { command: 'import.existing', keys: ['left', 'right'], args: { left: 'previous', right: 'next' }, description: 'Import: replace the ratings the account holds, or keep them', scope: 'import.existing', footer: 'replace/keep' },
  { command: 'scroll.line', keys: ['j', 'k', 'down', 'up'], args: { j: 'down', k: 'up', down: 'down', up: 'up' }, description: 'Scroll the text down or up', scope: 'scroll', footer: 'scroll' },
  { command: 'scroll.page', keys: ['pagedown', 'pageup', 'g', 'G', 'home', 'end'], args: { pagedown: 'pageDown', pageup: 'pageUp', g: 'top', G: 'bottom', home: 'top', end: 'bottom' }, description: 'Scroll a page, or to the top or the end', scope: 'scroll' },
  { command: 'view.cycle', keys: ['left', 'right'], args: { left: 'previous', right: 'next' }, description: 'Previous or next view of this screen', scope: 'views' },

  // --- Trending and Discover (from the Movies and TV tabs) ---
  { command: 'tv.browse', keys: ['T', 'D'], args: { T: 'trending', D: 'discover' }, description: 'Trending series, or Discover series by genre, year, rating', scope: 'tv.home', footer: 'trending/discover' },
  { command: 'trending.kind', keys: ['a', 'm', 't', 'p', 'left', 'right'], args: { a: 'all', m: 'movie', t: 'tv', p: 'person', left: 'previous', right: 'next' }, description: 'Trending: all, movies, TV series or people (or the next)', scope: 'trending', footer: 'kind' },
  // One key that switches: d is Details on every screen, so it cannot be "today" here.
  { command: 'trending.window', keys: ['w'], description: 'Trending today or this week: switch between them', scope: 'trending', footer: 'day/week' },
  { command: 'discover.filters', keys: ['f'], description: 'Change the filters: genres, years, rating, language, order, certification', scope: 'discover', footer: 'filters' },
  { command: 'discover.kind', keys: ['t'], description: 'Discover movies or TV series', scope: 'discover', footer: 'movies/tv' },
  // Arrows only: in the pickers these fields open, letters type, j and k too.
  { command: 'discover.field', keys: ['down', 'up'], args: { down: 'next', up: 'previous' }, description: 'The next or previous filter', scope: 'discover.form', footer: 'field' },
  { command: 'discover.change', keys: ['right', 'left'], args: { right: 'next', left: 'previous' }, description: 'Change the filter: a year ±1, the rating ±0.5, match, order, or below', scope: 'discover.form', footer: 'change' },
  { command: 'discover.type', keys: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '.'], args: { '0': '0', '1': '1', '2': '2', '3': '3', '4': '4', '5': '5', '6': '6', '7': '7', '8': '8', '9': '9', '.': '.' }, description: 'Type a year or a rating', scope: 'discover.form' },
  { command: 'discover.erase', keys: ['backspace', 'delete'], description: 'Erase the last digit, or clear the genres, the language or the certification', scope: 'discover.form', footer: 'erase' },
  { command: 'discover.choose', keys: ['enter'], description: 'Choose genres, language, or a certification country and label; elsewhere, back to the results', scope: 'discover.form', footer: 'choose/done' },
  { command: 'discover.done', keys: ['esc'], description: 'Back to the results', scope: 'discover.form', footer: 'results' },
  { command: 'genres.done', keys: ['esc'], description: 'Done choosing genres', scope: 'discover.genres', footer: 'done' },

  // --- The filter of every list. A screen's own '/' or Esc (the search box, the certifications
  // filter) comes first: a screen registers its keys after the lists it holds. ---
  { command: 'list.filter', keys: ['/'], description: 'Filter the rows: type part of a title (fuzzy, best match first)', scope: 'list', footer: 'filter' },
  { command: 'list.clearFilter', keys: ['esc'], description: 'Clear the filter (the row you were on stays highlighted)', scope: 'list', footer: 'clear filter' },
  // While the filter's field has the focus: Enter and Esc both hand the keys back to the list
  // (↑/↓ keep moving in it, so ↓ does not leave the field as in other fields).
  { command: 'filter.keep', keys: ['enter', 'esc'], description: 'Keep the filter and give the keys back to the list ({list.clearFilter} again clears it)', scope: 'list.filter', footer: 'keep filter' },
  { command: 'filter.loadAll', keys: ['ctrl+l'], description: 'Filter a long list whole: load its rows up to 1,000, then filter them all', scope: 'list.filter', footer: 'load all' },
  { command: 'list.preview', keys: ['P'], description: 'Show or hide the preview beside the list (120 columns and wider)', scope: 'list', footer: 'preview' },

  // --- tv-world: the TV tab's sections ---
  { command: 'tv.section', keys: ['p', 'a', 'o', 't', 'left', 'right'], args: { p: 'popular', a: 'airingToday', o: 'onTheAir', t: 'topRated', left: 'previous', right: 'next' }, description: 'Switch section: popular, airing today, on the air (next 7 days), top rated', scope: 'tv.home', footer: 'section' },
  // --- movie-world: reviews of a film or series; a film's companies, collection and keywords ---
  { command: 'movie.reviews', keys: ['e'], description: "Users' reviews of the movie ({list.open} reads one whole)", scope: 'movies.detail' },
  { command: 'movie.links', keys: ['K'], description: 'The companies, collection and keywords of the movie, each opening its titles', scope: 'movies.detail' },
  { command: 'series.reviews', keys: ['e'], description: "Users' reviews of the series ({list.open} reads one whole)", scope: 'tv.detail' },
  // --- certifications: a title's in every country; Enter on one lists that country's titles so rated ---
  { command: 'movie.certifications', keys: ['A'], description: "The movie's certification (age rating) in every country, with its release dates", scope: 'movies.detail', footer: 'certifications' },
  { command: 'series.heatMap', keys: ['H'], description: 'Heat map: my ratings of its episodes, season by season, beside the service\'s votes', scope: 'tv.detail', footer: 'heat map' },
  { command: 'series.certifications', keys: ['A'], description: "The series' certification (age rating) in every country", scope: 'tv.detail', footer: 'certifications' },
] as const satisfies readonly Binding[];

export type CommandId = (typeof KEYMAP)[number]['command'];
/** A place keys apply in: one of the scopes the keymap names. */
export type Scope = (typeof KEYMAP)[number]['scope'];
/** The commands the keymap binds in `S`. */
export type CommandIn<S extends Scope> = Extract<(typeof KEYMAP)[number], { readonly scope: S }>['command'];

type BindingOf<C extends CommandId> = Extract<(typeof KEYMAP)[number], { readonly command: C }>;
/** What a command's handler is told: the argument of the key pressed (`args`), or nothing. */
export type CommandArg<C extends CommandId> = BindingOf<C> extends { readonly args: infer A } ? A[keyof A] : undefined;

/** The argument `name` gives `binding`'s command (undefined for a command without arguments). */
export function commandArg(binding: Binding, name: string): string | undefined {
  return binding.args?.[name as KeyName];
}

/** A key that types a character: a focused text field keeps these for itself. */
export { isTextKey };

/**
 * The keymap in use: the table above, with the user's own keys where the config file names
 * some (see rebound below), and the keys its descriptions name filled in. Set once at start,
 * before any screen module reads a hint; read first, the table above.
 */
let activeKeymap: readonly Binding[] | undefined;

export function currentKeymap(): readonly Binding[] {
  activeKeymap ??= withKeysNamed(KEYMAP);
  return activeKeymap;
}

/** Uses `keymap` from now on (a rebound table); with no argument, the table above again. */
export function setKeymap(keymap: readonly Binding[] = KEYMAP): void {
  activeKeymap = withKeysNamed(keymap);
}

/** A description's `{command}` or `{command:arg}`: the key it names. */
const NAMED_KEY = /\{([\w.]+)(?::([^}]+))?\}/g;

/**
 * `keymap` with each description's `{command}` and `{command:arg}` written as the key bound in
 * `keymap` ("Enter", "0"), so a description says the key that works, rebound or not.
 */
export function withKeysNamed(keymap: readonly Binding[]): Binding[] {
  const keyNamed = (whole: string, command: string, arg: string | undefined): string => {
    const binding = keymap.find((b) => b.command === command);
    const key = binding && (arg === undefined ? binding.keys[0] : binding.keys.find((k) => commandArg(binding, k) === arg));
    // The keymap test checks that every name leads to a key; were one lost, say the command.
    return key === undefined ? command : keyHintName(key);
  };
  return keymap.map((binding) =>
    binding.description.includes('{') ? { ...binding, description: binding.description.replace(NAMED_KEY, keyNamed) } : binding,
  );
}

export function bindingsFor(command: string): readonly Binding[] {
  return currentKeymap().filter((b) => b.command === command);
}

/**
 * How the help and the footer write a binding's keys: each as hints name it, joined by '/', a
 * run of three or more digits as a range ("1-5"). Always derived from the keys, so a rebound key
 * shows everywhere as it is.
 */
export function keyLabel(binding: Binding): string {
  const keys = binding.keys as readonly string[];
  const isDigit = (key: string | undefined) => key !== undefined && /^\d$/.test(key);
  const parts: string[] = [];
  let i = 0;
  while (i < keys.length) {
    let last = i;
    while (isDigit(keys[last]) && isDigit(keys[last + 1]) && Number(keys[last + 1]) === Number(keys[last]) + 1) last++;
    if (last - i >= 2) {
      parts.push(`${keys[i]}-${keys[last]}`);
      i = last + 1;
    } else {
      parts.push(keyHintName(keys[i]!));
      i++;
    }
  }
  return parts.join('/');
}

/** How hints write a key name: the letters as they are, the named keys capitalized. */
const HINT_NAMES: Readonly<Record<string, string>> = {
  enter: 'Enter',
  esc: 'Esc',
  tab: 'Tab',
  backspace: 'Backspace',
  delete: 'Del',
  down: '↓',
  up: '↑',
  left: '←',
  right: '→',
  pagedown: 'PgDn',
  pageup: 'PgUp',
  home: 'Home',
  end: 'End',
};

export interface HintOptions {
  /** A text field has the focus: name a key that still works there (↓, not j). */
  readonly typing?: boolean;
  /** Name the command's arrow key (↓ rather than Tab). */
  readonly arrow?: boolean;
}

const ARROWS: readonly string[] = ['up', 'down', 'left', 'right'];

/**
 * The key that runs `command`, as prose names it ("Press r to try again"): its first key in
 * KEYMAP, so a hint always names the key that works.
 */
export function keyHint(command: CommandId, options: HintOptions = {}): string {
  const keys = bindingsFor(command)[0]?.keys ?? [];
  const key = options.arrow ? keys.find((k) => ARROWS.includes(k)) : options.typing ? keys.find((k) => !isTextKey(k)) : keys[0];
  if (key === undefined) throw new Error(`no ${options.arrow ? 'arrow ' : ''}key is bound to ${command}${options.typing ? ' that works while typing' : ''}`);
  return keyHintName(key);
}

/** "↑/↓", "j/k": the keys of two commands that go together (down and up), as one hint. */
export function keyPairHint(first: CommandId, second: CommandId, options: HintOptions = {}): string {
  return `${keyHint(first, options)}/${keyHint(second, options)}`;
}

/** A key name as hints write it ("Enter", "↓", "j", "Ctrl-D"). */
export function keyHintName(key: string): string {
  const named = HINT_NAMES[key];
  if (named !== undefined) return named;
  const { base, modifier } = keyParts(key);
  if (modifier === undefined) return key;
  const modifierName = { ctrl: 'Ctrl', meta: 'Alt', shift: 'Shift' }[modifier];
  return `${modifierName}-${HINT_NAMES[base] ?? base.toUpperCase()}`;
}

/** The key that runs `command` with `arg` ("l" for the lists view of a movie), as hints write it. */
export function keyHintFor<C extends CommandId>(command: C, arg: NonNullable<CommandArg<C>>): string {
  const binding = bindingsFor(command)[0];
  const key = binding?.keys.find((k) => commandArg(binding, k) === arg);
  if (key === undefined) throw new Error(`no key runs ${command} with ${String(arg)}`);
  return keyHintName(key);
}

/** The key that opens `tab`. */
export function tabKeyHint(tab: TabId): string {
  return keyHintFor('tab.select', tab);
}

/** The bindings of `scopes` that `name` triggers, in table order. */
export function bindingsForKey(name: string, scopes: readonly string[]): Binding[] {
  return currentKeymap().filter((b) => scopes.includes(b.scope) && (b.keys as readonly string[]).includes(name));
}
