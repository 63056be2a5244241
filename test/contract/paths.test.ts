import { describe, expect, it } from 'vitest';
import {
  closeMatches, expandPath, fillTemplate, isPlausibleMatch, levenshtein, matchPath, normalizePath, operationKeys,
  operations, pathMatchesPattern, pathParamProblem, serviceAddress,
} from '../../src/contract/index.js';

describe('contract paths', () => {
  it('expands a template with URL-encoded parameters', () => {
    expect(expandPath('/3/tv/{series_id}/season/{season_number}', { series_id: 1399, season_number: 2 })).toBe('/3/tv/1399/season/2');
    expect(expandPath('/3/list/{list_id}', { list_id: 'a/b c' })).toBe('/3/list/a%2Fb%20c');
    expect(() => expandPath('/3/list/{list_id}', {})).toThrow('missing path parameter list_id');
    expect(fillTemplate('/3/account/{account_id}/lists', (name) => `:${name}`)).toBe('/3/account/:account_id/lists');
  });

  it('fills parameters wherever they stand, and a template with none as it is', () => {
    const fill = (name: string) => `<${name}>`;
    expect(fillTemplate('/3/configuration', fill)).toBe('/3/configuration');
    expect(fillTemplate('{a}/x/{b}', fill)).toBe('<a>/x/<b>');
    expect(fillTemplate('/{a}{b}', fill)).toBe('/<a><b>');
    // Filled twice: the second call uses the template as split by the first.
    expect(fillTemplate('/{a}{b}', (name) => name.toUpperCase())).toBe('/AB');
  });

  it('names the first parameter that cannot fill a template', () => {
    const template = operations.episodeDetails.path;
    expect(pathParamProblem(template, { series_id: 1, season_number: 1, episode_number: 2 })).toBeUndefined();
    expect(pathParamProblem(template, { series_id: 1, episode_number: 2 })).toBe(`path parameter season_number is missing (${template})`);
    expect(pathParamProblem(template, { series_id: '', season_number: 1, episode_number: 2 })).toMatch(/series_id is missing/);
    expect(pathParamProblem('/3/list/{list_id}', { list_id: '..' })).toBe('path parameter list_id cannot be ".."');
  });

  it('normalizes paths the way the table spells them', () => {
    expect(normalizePath('movie/550/')).toBe('/3/movie/550');
    expect(normalizePath('/3/certification//tv/list?x=1')).toBe('/3/certification/tv/list');
    expect(normalizePath('/3')).toBe('/3');
  });

  it('matches every template of the table back to its own row', () => {
    for (const key of operationKeys) {
      const spec = operations[key];
      const params = Object.fromEntries(Object.keys(spec.pathParams).map((name, i) => [name, 10 + i]));
      const matches = matchPath(expandPath(spec.path, params), spec.method);
      expect(matches[0]?.key, key).toBe(key);
      expect(matches[0]?.pathParams).toEqual(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])));
    }
  });

  it('prefers a literal segment to a parameter, and filters by method', () => {
    expect(matchPath('/3/movie/latest').map((m) => m.key)).toEqual(['movieLatest', 'movieDetails']);
    expect(matchPath('/3/tv/1/season/1/episode/1/rating', 'DELETE').map((m) => m.key)).toEqual(['deleteEpisodeRating']);
    expect(matchPath('/3/nothing/here')).toEqual([]);
  });

  it('counts a word where an integer id belongs as implausible', () => {
    expect(matchPath('/3/movie/popularr').filter(isPlausibleMatch)).toEqual([]);
    expect(matchPath('/3/list/50941077760ee35e1500000c').filter(isPlausibleMatch).map((m) => m.key)).toContain('listDetails');
  });

  it('close matches: edit distance over the templates, at most three', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(levenshtein('same', 'same')).toBe(0);
    expect(closeMatches('/3/tv/1/season/2/episod/3')[0]).toBe('/3/tv/1/season/2/episode/3');
    expect(closeMatches('/movie/popularr')[0]).toBe('/3/movie/popular');
    expect(closeMatches('/3/list/50941077760ee35e1500000c/item_statu')[0]).toBe('/3/list/50941077760ee35e1500000c/item_status');
    expect(closeMatches('/3/movie/550/x').length).toBeLessThanOrEqual(3);
    expect(closeMatches('/3/zzzzzzzzzzzzzzzzzzzzzzzzzz/qqqqqqqqqqqq')).toEqual([]);
  });

  it('path patterns cover a path and what is below it, segment by segment', () => {
    expect(pathMatchesPattern('/3/list/42/item_status', '/3/list/42')).toBe(true);
    expect(pathMatchesPattern('/3/list/420', '/3/list/42')).toBe(false);
    expect(pathMatchesPattern('/3/account/7/lists', '/3/account/*/lists')).toBe(true);
    expect(pathMatchesPattern('/3/account/7', '/3/account/*/lists')).toBe(false);
  });
});

describe('contract service address', () => {
  it('drops the /3 that operation paths carry, and a query or fragment', () => {
    const href = (raw: string) => {
      const address = serviceAddress(raw);
      return address.ok ? address.url.href : address.problem;
    };
    expect(href('https://api.themoviedb.org/3/')).toBe('https://api.themoviedb.org/');
    expect(href('http://127.0.0.1:8080/prefix/3?x=1#y')).toBe('http://127.0.0.1:8080/prefix');
    expect(href('ftp://x')).toBe('base URL must be http or https, not ftp:');
    expect(href('not a url')).toBe('base URL "not a url" is not a URL (expected e.g. https://api.themoviedb.org)');
  });
});
