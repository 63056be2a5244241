import { describe, expect, it } from 'vitest';
import { accountFigures, seasonHeatMap, type RatedTitle, type StatsInput, type TitleFacts } from '../../../src/state/reads/stats/figures.js';

/**
 * A small account whose figures were worked out by hand (below each expectation): four films,
 * one series, three episodes. The numbers in the expectations are written out, never
 * recomputed with the code under test.
 */

const film = (id: number, rating: number, ratedAt: string | null, voteAverage: number | null, releaseDate: string | null): RatedTitle => ({
  kind: 'movie', id, name: `film ${id}`, rating, ratedAt, voteAverage, releaseDate,
});
const facts = (f: Partial<TitleFacts>): TitleFacts => ({ genres: [], runtime: null, countries: [], language: null, directors: [], cast: [], ...f });
const drama = { id: 18, name: 'Drama' };
const comedy = { id: 35, name: 'Comedy' };
const ann = { id: 100, name: 'Ann' };
const dee = { id: 101, name: 'Dee' };
const bo = { id: 200, name: 'Bo' };
const cy = { id: 201, name: 'Cy' };

const account: StatsInput = {
  films: [
    film(1, 8, '2024-01-03', 7, '1994-05-01'),
    film(2, 6.5, '2024-01-10T12:00:00.000Z', 7.5, '1999-01-01'),
    film(3, 10, '2024-03-15', 8, '2010-06-01'),
    film(4, 3, null, null, null),
  ],
  series: [{ kind: 'tv', id: 10, name: 'Show', rating: 9, ratedAt: '2023-12-30', voteAverage: 8.5, releaseDate: '2008-01-20' }],
  episodes: [
    { seriesId: 10, season: 1, episode: 1, name: 'a', rating: 7, ratedAt: '2024-01-02', runtime: 50 },
    { seriesId: 10, season: 1, episode: 2, name: 'b', rating: 9, ratedAt: '2024-01-04', runtime: null },
    { seriesId: 10, season: 2, episode: 1, name: 'x', rating: 8, ratedAt: null, runtime: 40 },
  ],
  facts: new Map([
    ['movie:1', facts({ genres: [drama], runtime: 120, countries: ['US'], language: 'en', directors: [ann], cast: [bo, cy] })],
    ['movie:2', facts({ genres: [drama, comedy], runtime: 90, countries: ['FR'], language: 'fr', directors: [ann], cast: [bo] })],
    ['movie:3', facts({ genres: [comedy], runtime: 100, countries: ['US', 'GB'], language: 'en', directors: [dee], cast: [bo] })],
    ['tv:10', facts({ genres: [drama], runtime: 45, countries: ['GB'], language: 'en', cast: [cy] })],
  ]),
};
const m = (id: number) => ({ kind: 'movie', id });
const tv = (id: number) => ({ kind: 'tv', id });

describe('accountFigures on a hand-computed account', () => {
  const figures = accountFigures(account);

  it('counts what was rated, and what has no date', () => {
    // undated: film 4 and episode S2E1; dated: the other 4 + 1 + 3 - 2 = 6.
    expect(figures.totals).toEqual({ films: 4, series: 1, episodes: 3, dated: 6, undated: 2 });
  });

  it('spreads the ratings over the twenty steps, films and series apart', () => {
    expect(figures.ratings.films).toHaveLength(20);
    expect(figures.ratings.films.map((b) => b.label).slice(0, 4)).toEqual(['0.5', '1', '1.5', '2']);
    const counted = figures.ratings.films.filter((b) => b.count > 0).map((b) => [b.label, b.count, b.refs]);
    expect(counted).toEqual([['3', 1, [m(4)]], ['6.5', 1, [m(2)]], ['8', 1, [m(1)]], ['10', 1, [m(3)]]]);
    expect(figures.ratings.films[0]).toEqual({ label: '0.5', count: 0, mean: null, refs: [] });
    expect(figures.ratings.series.filter((b) => b.count > 0)).toEqual([{ label: '9', count: 1, mean: 9, refs: [tv(10)] }]);
  });

  it('sets my mean against the crowd for the titles the crowd voted on', () => {
    // films 1-3: mine (8 + 6.5 + 10) / 3 = 8.17, crowd (7 + 7.5 + 8) / 3 = 7.5.
    expect(figures.versusCrowd.films).toEqual({ count: 3, mine: 8.17, crowd: 7.5, difference: 0.67 });
    expect(figures.versusCrowd.series).toEqual({ count: 1, mine: 9, crowd: 8.5, difference: 0.5 });
  });

  it('draws months and weeks without gaps', () => {
    expect(figures.perMonth.map((b) => [b.label, b.count])).toEqual([['2023-12', 1], ['2024-01', 2], ['2024-02', 0], ['2024-03', 1]]);
    expect(figures.perMonth[1]).toEqual({ label: '2024-01', count: 2, mean: 7.25, refs: [m(1), m(2)] });
    // Mondays from 2023-12-25 to 2024-03-11: twelve weeks.
    expect(figures.perWeek).toHaveLength(12);
    expect(figures.perWeek.map((b) => b.count)).toEqual([1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(figures.perWeek[0]!.label).toBe('2023-12-25');
    expect(figures.perWeek.at(-1)).toEqual({ label: '2024-03-11', count: 1, mean: 10, refs: [m(3)] });
    // Two episodes in the week of Monday 2024-01-01, one series behind them.
    expect(figures.episodesPerWeek).toEqual([{ label: '2024-01-01', count: 2, mean: 8, refs: [tv(10)] }]);
  });

  it('groups by release decade and year', () => {
    expect(figures.byDecade).toEqual([
      { label: '1990s', count: 2, mean: 7.25, refs: [m(1), m(2)] },
      { label: '2000s', count: 1, mean: 9, refs: [tv(10)] },
      { label: '2010s', count: 1, mean: 10, refs: [m(3)] },
    ]);
    expect(figures.byYear.map((b) => b.label)).toEqual(['1994', '1999', '2008', '2010']);
  });

  it('gives each genre its share and my mean', () => {
    // Drama: films 1, 2 and the series (3 of 5 titles), (8 + 6.5 + 9) / 3 = 7.83.
    expect(figures.byGenre).toEqual([
      { label: 'Drama', count: 3, mean: 7.83, share: 0.6, refs: [m(1), m(2), tv(10)] },
      { label: 'Comedy', count: 2, mean: 8.25, share: 0.4, refs: [m(2), m(3)] },
    ]);
  });

  it('counts countries and languages, most first', () => {
    // US and GB both count 2; GB's mean (9.5) is higher than the US's (9).
    expect(figures.byCountry.map((b) => [b.label, b.count, b.mean])).toEqual([['GB', 2, 9.5], ['US', 2, 9], ['FR', 1, 6.5]]);
    expect(figures.byLanguage.map((b) => [b.label, b.count, b.mean])).toEqual([['en', 3, 9], ['fr', 1, 6.5]]);
  });

  it('lists people behind at least two titles', () => {
    // Dee directed one film only: left out.
    expect(figures.directors.most).toEqual([{ label: 'Ann', personId: 100, count: 2, mean: 7.25, refs: [m(1), m(2)] }]);
    expect(figures.cast.highest.map((b) => [b.label, b.count, b.mean])).toEqual([['Cy', 2, 8.5], ['Bo', 3, 8.17]]);
    expect(figures.cast.most.map((b) => b.label)).toEqual(['Bo', 'Cy']);
    expect(accountFigures(account, { minimumPersonTitles: 1 }).directors.highest.map((b) => b.label)).toEqual(['Dee', 'Ann']);
  });

  it('adds up the runtime watched per year of rating', () => {
    // Films 120 + 90 + 100; episodes 50 and the series' usual 45; the undated episode is out.
    expect(figures.runtimePerYear).toEqual([
      { label: '2024', count: 5, mean: 8.1, filmMinutes: 310, episodeMinutes: 95, minutes: 405, refs: [m(1), m(2), m(3), tv(10)] },
    ]);
  });

  it('counts the rated episodes of each series', () => {
    // Three episodes of series 10: (7 + 9 + 8) / 3 = 8.
    expect(figures.episodesBySeries).toEqual([{ label: '10', seriesId: 10, count: 3, mean: 8, refs: [tv(10)] }]);
  });

  it('is empty, not broken, for an account that rated nothing', () => {
    const empty = accountFigures({ films: [], series: [], episodes: [], facts: new Map() });
    expect(empty.perMonth).toEqual([]);
    expect(empty.byGenre).toEqual([]);
    expect(empty.versusCrowd.films).toEqual({ count: 0, mine: null, crowd: null, difference: null });
  });
});

describe('seasonHeatMap', () => {
  it('sets my rating of each episode beside its votes, season by season, specials last', () => {
    const seasons = [
      { season: 2, episodes: [{ episode: 1, name: 'x', voteAverage: 7.2, voteCount: 10 }] },
      { season: 1, episodes: [{ episode: 2, name: 'b', voteAverage: 8, voteCount: 3 }, { episode: 1, name: 'a', voteAverage: 6.4, voteCount: 5 }] },
      { season: 0, episodes: [{ episode: 1, name: 'sp', voteAverage: 0, voteCount: 0 }] },
    ];
    expect(seasonHeatMap(seasons, account.episodes)).toEqual([
      { season: 1, mine: 8, crowd: 7.2, cells: [{ episode: 1, name: 'a', mine: 7, crowd: 6.4 }, { episode: 2, name: 'b', mine: 9, crowd: 8 }] },
      { season: 2, mine: 8, crowd: 7.2, cells: [{ episode: 1, name: 'x', mine: 8, crowd: 7.2 }] },
      { season: 0, mine: null, crowd: null, cells: [{ episode: 1, name: 'sp', mine: null, crowd: null }] },
    ]);
  });
});
