import { isoDay } from './calendar.js';
import type { CatalogGenerator } from './generator.js';
import { PHRASEBOOKS } from './phrasebook.js';
import { type Random, stream } from './random.js';
import type { SeasonPlan, SeriesCore } from './series-core.js';
import { inventOverview, objectId } from './text.js';

/**
 * The change log: what the catalog's editors changed, day by day. Each day some films, series
 * and people are edited (drawn from the seed and the day's number, so a day's edits never
 * change as days pass); an edit happens at one moment of its day and is made of a few items,
 * key by key. A series' edit may touch one of its seasons, and that season's edit one of its
 * episodes: their change logs hold those edits, under the ids their own answers carry. Both
 * ways agree: a record listed as changed in a range has changes in that range, and no other.
 */

export type ChangeKind = 'movie' | 'tv' | 'person';

/** Share of a kind's records edited on one day (at least a few, in a small catalog). */
const DAILY_SHARE = 0.02;
const MIN_DAILY = 3;
const SECONDS_PER_DAY = 86_400;
const KIND_CODE: Readonly<Record<ChangeKind, number>> = { movie: 1, tv: 2, person: 3 };

/** The day (a day number) and second of a moment. */
export interface ChangeRange {
  readonly fromDay: number;
  readonly toDay: number;
  /** Edits later than this moment (epoch ms) have not happened yet. */
  readonly nowMs: number;
}

export type ChangeItem = {
  id: string;
  action: 'added' | 'updated' | 'deleted';
  time: string;
  iso_639_1?: string;
  iso_3166_1?: string;
  value?: unknown;
  original_value?: unknown;
};

export type KeyChanges = {
  key: string;
  items: ChangeItem[];
};

/** "2025-03-14 09:26:40 UTC": the service's format for the time of a change. */
function changeTime(day: number, second: number): string {
  const clock = new Date((day * SECONDS_PER_DAY + second) * 1000).toISOString().slice(11, 19);
  return `${isoDay(day)} ${clock} UTC`;
}

/** Languages the catalog writes text in besides English, as translations an edit may add. */
const TRANSLATION_TAGS: Readonly<Record<string, string>> = { de: 'de-DE', fr: 'fr-FR', es: 'es-ES', ja: 'ja-JP' };
const translationLanguages = Object.keys(PHRASEBOOKS).filter((code) => TRANSLATION_TAGS[code] !== undefined);

/** Builds one edit's items: each `add` is one key's item, at the edit's moment plus a second each. */
class EditWriter {
  readonly byKey = new Map<string, ChangeItem[]>();
  private next = 0;

  constructor(
    readonly r: Random,
    private readonly day: number,
    private readonly second: number,
  ) {}

  add(key: string, item: Omit<ChangeItem, 'id' | 'time'>): void {
    // In the service's order: id, action, time, then what the item says.
    const time = changeTime(this.day, Math.min(SECONDS_PER_DAY - 1, this.second + this.next++));
    const { action, ...says } = item;
    const full: ChangeItem = { id: objectId(this.r), action, time, ...says };
    const items = this.byKey.get(key) ?? [];
    items.push(full);
    this.byKey.set(key, items);
  }

  /** A translation the edit added, in one of the catalog's languages. */
  addTranslation(): void {
    const tag = TRANSLATION_TAGS[this.r.pick(translationLanguages)]!;
    this.add('translations', { action: 'added', iso_639_1: '', iso_3166_1: '', value: tag });
  }
}

export class ChangeLog {
  constructor(private readonly catalog: CatalogGenerator) {}

  private get seed(): number {
    return this.catalog.shape.seed;
  }

  private count(kind: ChangeKind): number {
    const { movieCount, seriesCount, personCount } = this.catalog.shape;
    return kind === 'movie' ? movieCount : kind === 'tv' ? seriesCount : personCount;
  }

  /** The records of a kind edited on a day, each with the second of the day its edit happened. */
  editedOn(kind: ChangeKind, day: number): Map<number, number> {
    const count = this.count(kind);
    const r = stream(this.seed, 'changes-day', KIND_CODE[kind], day);
    const draws = Math.min(count, Math.max(MIN_DAILY, Math.round(count * DAILY_SHARE)));
    const edited = new Map<number, number>();
    for (let i = 0; i < draws; i++) {
      const id = r.int(1, count);
      const second = r.int(0, SECONDS_PER_DAY - 1);
      if (!edited.has(id)) edited.set(id, second);
    }
    return edited;
  }

  /** Every edit of a record within the range that has happened: [day, second], oldest first. */
  private editsOf(kind: ChangeKind, id: number, range: ChangeRange): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    for (let day = range.fromDay; day <= range.toDay; day++) {
      const second = this.editedOn(kind, day).get(id);
      if (second !== undefined && (day * SECONDS_PER_DAY + second) * 1000 <= range.nowMs) out.push([day, second]);
    }
    return out;
  }

  /** The records of a kind edited within the range, the most recently edited first. */
  changed(kind: ChangeKind, range: ChangeRange): number[] {
    const latest = new Map<number, number>();
    for (let day = range.fromDay; day <= range.toDay; day++) {
      for (const [id, second] of this.editedOn(kind, day)) {
        const moment = day * SECONDS_PER_DAY + second;
        if (moment * 1000 <= range.nowMs && moment > (latest.get(id) ?? -Infinity)) latest.set(id, moment);
      }
    }
    return [...latest.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
  }

  /** The season a series' edit on a day touched, if it touched one. */
  private seasonTouched(core: SeriesCore, day: number): SeasonPlan | undefined {
    const r = stream(this.seed, 'changes-season', core.id, day);
    const regular = core.seasons.filter((season) => season.number !== 0);
    return r.chance(0.5) && regular.length > 0 ? r.pick(regular) : undefined;
  }

  /** The episode of the touched season that the season's edit touched, if it touched one. */
  private episodeTouched(core: SeriesCore, season: SeasonPlan, day: number): number | undefined {
    const r = stream(this.seed, 'changes-episode', core.id, day);
    return r.chance(0.6) ? r.int(1, season.episodeCount) : undefined;
  }

  /** Each edit's items in the range, gathered key by key in the order keys first appear. */
  private collect(edits: Array<[number, number]>, write: (day: number, second: number) => EditWriter | undefined): KeyChanges[] {
    const byKey = new Map<string, ChangeItem[]>();
    for (const [day, second] of edits) {
      const writer = write(day, second);
      if (!writer) continue;
      for (const [key, items] of writer.byKey) byKey.set(key, [...(byKey.get(key) ?? []), ...items]);
    }
    return [...byKey.entries()].map(([key, items]) => ({ key, items }));
  }

  movieChanges(id: number, range: ChangeRange, today: number): KeyChanges[] {
    const details = this.catalog.movies.details(id, today);
    return this.collect(this.editsOf('movie', id, range), (day, second) => {
      const w = new EditWriter(stream(this.seed, 'changes-movie', id, day), day, second);
      const keys = w.r.sample(['overview', 'tagline', 'runtime', 'images', 'translations', 'budget'], w.r.int(1, 3));
      for (const key of keys) {
        if (key === 'overview') w.add(key, { action: 'updated', iso_639_1: 'en', iso_3166_1: 'US', value: details.overview, original_value: inventOverview(w.r) });
        else if (key === 'tagline' && details.tagline) w.add(key, { action: 'added', iso_639_1: 'en', iso_3166_1: 'US', value: details.tagline });
        else if (key === 'runtime') w.add(key, { action: 'updated', value: details.runtime, original_value: details.runtime + w.r.int(1, 9) });
        else if (key === 'budget' && details.budget > 0) w.add(key, { action: 'updated', value: details.budget, original_value: 0 });
        else if (key === 'images' && details.poster_path) w.add(key, { action: 'added', iso_639_1: '', iso_3166_1: '', value: { poster: { file_path: details.poster_path } } });
        else if (key === 'translations') w.addTranslation();
      }
      // An edit always changed something: one whose keys had nothing on file added a translation.
      if (w.byKey.size === 0) w.addTranslation();
      return w;
    });
  }

  personChanges(id: number, range: ChangeRange, today: number): KeyChanges[] {
    const details = this.catalog.people.details(id, today);
    return this.collect(this.editsOf('person', id, range), (day, second) => {
      const w = new EditWriter(stream(this.seed, 'changes-person', id, day), day, second);
      const keys = w.r.sample(['biography', 'birthday', 'place_of_birth', 'images', 'also_known_as'], w.r.int(1, 3));
      for (const key of keys) {
        if (key === 'biography' && details.biography) w.add(key, { action: 'added', iso_639_1: 'en', iso_3166_1: 'US', value: details.biography });
        else if (key === 'birthday' && details.birthday) w.add(key, { action: 'added', value: details.birthday });
        else if (key === 'place_of_birth' && details.place_of_birth) w.add(key, { action: 'added', value: details.place_of_birth });
        else if (key === 'images' && details.profile_path) w.add(key, { action: 'added', value: { profile: { file_path: details.profile_path } } });
        else if (key === 'also_known_as' && details.also_known_as.length > 0) w.add(key, { action: 'added', value: details.also_known_as[0] });
      }
      // An edit always changed something: a person with none of those on file got a translation.
      if (w.byKey.size === 0) w.addTranslation();
      return w;
    });
  }

  seriesChanges(id: number, range: ChangeRange, today: number): KeyChanges[] {
    const { series } = this.catalog;
    const core = series.core(id);
    const details = series.details(id, today);
    return this.collect(this.editsOf('tv', id, range), (day, second) => {
      const w = new EditWriter(stream(this.seed, 'changes-series', id, day), day, second);
      const keys = w.r.sample(['overview', 'images', 'translations', 'episode_run_time'], w.r.int(1, 2));
      for (const key of keys) {
        if (key === 'overview') w.add(key, { action: 'updated', iso_639_1: 'en', iso_3166_1: 'US', value: details.overview, original_value: inventOverview(w.r) });
        else if (key === 'images' && details.poster_path) w.add(key, { action: 'added', iso_639_1: '', iso_3166_1: '', value: { poster: { file_path: details.poster_path } } });
        else if (key === 'translations') w.addTranslation();
        else if (key === 'episode_run_time') w.add(key, { action: 'added', value: core.runtime });
      }
      const season = this.seasonTouched(core, day);
      if (season) w.add('season', { action: 'updated', value: { season_id: series.seasonId(core, season), season_number: season.number } });
      if (w.byKey.size === 0) w.addTranslation();
      return w;
    });
  }

  /** A season's log: the edits of its series that touched it. Undefined for a season the catalog lacks. */
  seasonChanges(seasonId: number, range: ChangeRange, today: number): KeyChanges[] | undefined {
    const found = this.seasonOf(seasonId);
    if (!found) return undefined;
    const { core, season } = found;
    const { series } = this.catalog;
    const edits = this.editsOf('tv', core.id, range).filter(([day]) => this.seasonTouched(core, day)?.number === season.number);
    return this.collect(edits, (day, second) => {
      const w = new EditWriter(stream(this.seed, 'changes-season-items', seasonId, day), day, second + 1);
      const summary = series.seasonSummary(core, season, today);
      if (w.r.chance(0.5)) w.add('name', { action: 'updated', iso_639_1: 'en', value: summary.name, original_value: `Season ${season.number}` });
      else w.add('overview', { action: 'added', iso_639_1: 'en', value: summary.overview });
      const episode = this.episodeTouched(core, season, day);
      if (episode !== undefined) {
        w.add('episode', { action: 'updated', value: { episode_id: series.episodeId(core.id, season.number, episode), episode_number: episode } });
      }
      return w;
    });
  }

  /** An episode's log: the edits of its season that touched it. Undefined for an episode the catalog lacks. */
  episodeChanges(episodeId: number, range: ChangeRange, today: number): KeyChanges[] | undefined {
    const seriesId = Math.floor(episodeId / 10_000);
    const found = this.seasonOf(Math.floor(episodeId / 100));
    const episode = episodeId % 100;
    if (!found || !this.catalog.series.hasEpisode(seriesId, found.season.number, episode)) return undefined;
    const { core, season } = found;
    const edits = this.editsOf('tv', core.id, range).filter(
      ([day]) => this.seasonTouched(core, day)?.number === season.number && this.episodeTouched(core, season, day) === episode,
    );
    return this.collect(edits, (day, second) => {
      const w = new EditWriter(stream(this.seed, 'changes-episode-items', episodeId, day), day, second + 2);
      const summary = this.catalog.series.episodeSummary(core, season, episode, today);
      const keys = w.r.sample(['name', 'overview', 'production_code', 'images'], w.r.int(1, 2));
      for (const key of keys) {
        if (key === 'name') w.add(key, { action: 'updated', iso_639_1: 'en', value: summary.name, original_value: `Episode ${episode}` });
        else if (key === 'overview' && summary.overview) w.add(key, { action: 'added', iso_639_1: 'en', value: summary.overview });
        else if (key === 'production_code' && summary.production_code) w.add(key, { action: 'added', value: summary.production_code });
        else if (key === 'images' && summary.still_path) w.add(key, { action: 'added', value: { still: { file_path: summary.still_path } } });
      }
      if (w.byKey.size === 0) w.add('name', { action: 'updated', iso_639_1: 'en', value: summary.name, original_value: `Episode ${episode}` });
      return w;
    });
  }

  /** The series and season a season id (series id * 100 + season number) names, if the catalog has them. */
  private seasonOf(seasonId: number): { core: SeriesCore; season: SeasonPlan } | undefined {
    const seriesId = Math.floor(seasonId / 100);
    if (!this.catalog.series.exists(seriesId)) return undefined;
    const core = this.catalog.series.core(seriesId);
    const season = this.catalog.series.season(core, seasonId % 100);
    return season ? { core, season } : undefined;
  }
}
