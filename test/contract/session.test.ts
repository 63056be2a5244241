import { describe, expect, it } from 'vitest';
import {
  isSessionParam, operationKeys, operations, sessionIdsIn, sessionParamFor, sessionParamsOf, splitSessionParams,
} from '../../src/contract/index.js';

describe('contract session parameters', () => {
  it('names the parameters each kind of operation reads, a user session first', () => {
    expect(sessionParamsOf('none')).toEqual([]);
    expect(sessionParamsOf('session')).toEqual(['session_id']);
    expect(sessionParamsOf('session-or-guest')).toEqual(['session_id', 'guest_session_id']);
    expect(isSessionParam('guest_session_id')).toBe(true);
    expect(isSessionParam('api_key')).toBe(false);
  });

  it('sends the one parameter an operation takes', () => {
    const both = { sessionId: 'user-1', guestSessionId: 'guest-1' };
    expect(sessionParamFor('none', both)).toBeUndefined();
    expect(sessionParamFor('session', both)).toEqual(['session_id', 'user-1']);
    expect(sessionParamFor('session', { guestSessionId: 'guest-1' })).toBeUndefined();
    expect(sessionParamFor('session-or-guest', { guestSessionId: 'guest-1' })).toEqual(['guest_session_id', 'guest-1']);
    expect(sessionParamFor('session-or-guest', both)).toEqual(['session_id', 'user-1']);
    expect(sessionParamFor('session-or-guest', undefined)).toBeUndefined();
  });

  it('moves session ids given as plain parameters into the credentials', () => {
    expect(splitSessionParams({ page: '2', session_id: 'user-2' }, { guestSessionId: 'g' })).toEqual({
      params: { page: '2' },
      credentials: { guestSessionId: 'g', sessionId: 'user-2' },
    });
    expect(splitSessionParams({ page: '2' }, undefined)).toEqual({ params: { page: '2' }, credentials: undefined });
    expect(splitSessionParams(undefined, undefined)).toEqual({ params: {}, credentials: undefined });
  });

  it('finds the session ids among parameters, for redaction', () => {
    expect(sessionIdsIn({ session_id: 'a', guest_session_id: '', page: '1' })).toEqual(['a']);
    expect(sessionIdsIn(undefined)).toEqual([]);
  });

  it('no operation declares a session parameter as an ordinary query parameter', () => {
    for (const key of operationKeys) {
      expect(Object.keys(operations[key].query).filter(isSessionParam), key).toEqual([]);
    }
  });
});
