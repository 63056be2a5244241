import { type NetworkRef } from './networks.js';
import { type Random, stream } from './random.js';
import type { SeasonPlan, SeriesCore } from './series-core.js';
import { ADJECTIVES, NOUNS } from './words.js';

/**
 * Episode groups: other orders of a series' episodes (as on DVD, by story arc, in the order they
 * were made...), in the service's seven types. Each group lists real episodes of its series. A
 * group's id is 24 hex digits like the service's, and says which series and which of its groups
 * it is, so it can be opened without a table of groups.
 */

/** The service's types of group (their names: EPISODE_GROUP_TYPE_NAMES of the contract). */
export type EpisodeGroupType = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** A group as it is planned: its kind and the episodes ([season, episode]) of each of its parts. */
export interface EpisodeGroupPlan {
  readonly id: string;
  readonly slot: number;
  readonly type: EpisodeGroupType;
  readonly name: string;
  readonly description: string;
  readonly hasNetwork: boolean;
  readonly parts: ReadonlyArray<{ readonly id: string; readonly name: string; readonly episodes: ReadonlyArray<readonly [SeasonPlan, number]> }>;
}

const HEX = '0123456789abcdef';
const hex = (r: Random, length: number) => Array.from({ length }, () => HEX[Math.floor(r.next() * 16)]).join('');

/** 8 hex digits of a moment (as the service's ids start), the series id, the slot, then a check. */
function groupId(seed: number, seriesId: number, slot: number): string {
  const r = stream(seed, 'episode-group-id', seriesId, slot);
  return `5${hex(r, 7)}${seriesId.toString(16).padStart(8, '0')}${slot.toString(16).padStart(2, '0')}${hex(r, 6)}`;
}

/** The series and slot an id names, when it is the shape of one; whether it exists is checked by the caller. */
export function readGroupId(id: string): { seriesId: number; slot: number } | undefined {
  if (!/^[0-9a-f]{24}$/.test(id)) return undefined;
  return { seriesId: parseInt(id.slice(8, 16), 16), slot: parseInt(id.slice(16, 18), 16) };
}

/** Consecutive runs of `episodes`, each between `min` and `max` long. */
function runs<T>(r: Random, episodes: readonly T[], min: number, max: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < episodes.length; ) {
    const length = Math.min(episodes.length - i, r.int(min, max));
    out.push(episodes.slice(i, i + length));
    i += length;
  }
  return out;
}

/**
 * A series' groups, in slot order. Series with a single short season seldom have any; longer
 * ones often have one to three. `regular` is every regular episode in air order.
 */
export function planEpisodeGroups(seed: number, core: SeriesCore, regular: ReadonlyArray<readonly [SeasonPlan, number]>): EpisodeGroupPlan[] {
  const r = stream(seed, 'episode-groups', core.id);
  const seasons = core.seasons.filter((s) => s.number !== 0);
  const chance = regular.length >= 16 ? 0.7 : 0.25;
  if (!r.chance(chance)) return [];
  const types = r.sample([1, 2, 3, 4, 5, 6, 7] as const, r.int(1, 3)).sort((a, b) => a - b);
  return types.map((type, slot) => {
    const id = groupId(seed, core.id, slot);
    const partId = (k: number) => `${id.slice(0, 18)}${(k + 1).toString(16).padStart(2, '0')}${id.slice(20)}`;
    const named = (names: string[], parts: Array<ReadonlyArray<readonly [SeasonPlan, number]>>) =>
      parts.map((episodes, k) => ({ id: partId(k), name: names[k]!, episodes }));
    switch (type) {
      case 1:
        return {
          id, slot, type, name: 'Aired Order', description: 'Episodes by the season they first aired in.', hasNetwork: true,
          parts: named(
            seasons.map((s) => `Season ${s.number}`),
            seasons.map((s) => regular.filter(([season]) => season === s)),
          ),
        };
      case 2:
        return { id, slot, type, name: 'Absolute Order', description: 'Every episode, numbered from the first.', hasNetwork: false, parts: named(['Episodes'], [regular]) };
      case 3:
      case 4:
      case 7: {
        const volumes = runs(r, regular, 3, 6);
        const label = type === 3 ? 'Disc' : type === 4 ? 'Volume' : 'Block';
        const name = type === 3 ? 'DVD Order' : type === 4 ? 'Digital Release' : 'TV Broadcast Blocks';
        return {
          id, slot, type, name, description: r.chance(0.5) ? '' : `As released: ${volumes.length} ${label.toLowerCase()}s.`, hasNetwork: type === 7,
          parts: named(volumes.map((_, k) => `${label} ${k + 1}`), volumes),
        };
      }
      case 5: {
        const arcs = runs(r, regular, 2, 6);
        return {
          id, slot, type, name: 'Story Arcs', description: 'Episodes grouped by the story they tell.', hasNetwork: false,
          parts: named(arcs.map(() => `The ${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}`), arcs),
        };
      }
      case 6: {
        const blocks = runs(r, regular, 2, 4);
        return {
          id, slot, type, name: 'Production Order', description: 'In the order the episodes were made.', hasNetwork: false,
          parts: named(blocks.map((_, k) => `Production Block ${k + 1}`), blocks),
        };
      }
    }
  });
}

/** A group as the series' list of groups names it. */
export function groupSummary(plan: EpisodeGroupPlan, network: NetworkRef) {
  return {
    description: plan.description,
    episode_count: plan.parts.reduce((n, part) => n + part.episodes.length, 0),
    group_count: plan.parts.length,
    id: plan.id,
    name: plan.name,
    network: plan.hasNetwork ? network : null,
    type: plan.type,
  };
}
