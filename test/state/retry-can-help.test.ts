import { describe, expect, it } from 'vitest';
import { retryCanHelp, type Failure } from '../../src/state/index.js';

const failure = (httpStatus?: number): Failure => ({ message: 'x', kind: 'service', transient: false, httpStatus });

describe('whether asking again can help', () => {
  it('says no for a request the service refused for what it asked, yes for the rest', () => {
    // A year range backwards (422), an unknown id (404), a bad parameter (400): only a change helps.
    expect([400, 404, 422].map((status) => retryCanHelp(failure(status)))).toEqual([false, false, false]);
    // Signed out, timed out, too many requests, the service failing, no answer at all: again may work.
    expect([401, 408, 429, 500, 503].map((status) => retryCanHelp(failure(status)))).toEqual([true, true, true, true, true]);
    expect(retryCanHelp(failure(undefined))).toBe(true);
  });
});
