import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  notifySessionExpired,
  onSessionExpired,
  readSession,
  saveSession,
} from '../../src/api/session';

// What the browser keeps of a sign-in (the original app's isLoggedIn / currentUser of docs/spec.md §3, plus the token): only
// a whole, well-formed session is read back; anything else is no session at all.

afterEach(() => localStorage.clear());

const put = (values: Record<string, string>) => {
  for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
};
const USER = JSON.stringify({ username: 'demo', displayName: '演示' });

describe('readSession', () => {
  it.each([
    ['nothing stored', {}],
    ['the flag not "true"', { isLoggedIn: 'false', currentUser: USER, authToken: 't' }],
    ['no token', { isLoggedIn: 'true', currentUser: USER }],
    ['an empty token', { isLoggedIn: 'true', currentUser: USER, authToken: '' }],
    ['no user', { isLoggedIn: 'true', authToken: 't' }],
    ['a user that is not JSON', { isLoggedIn: 'true', currentUser: '{', authToken: 't' }],
    ['a user without a name', { isLoggedIn: 'true', currentUser: '{}', authToken: 't' }],
    ['an empty name', { isLoggedIn: 'true', currentUser: '{"username":""}', authToken: 't' }],
    [
      'a name that is no string',
      { isLoggedIn: 'true', currentUser: '{"username":7}', authToken: 't' },
    ],
  ])('is null with %s', (_, values) => {
    put(values);
    expect(readSession()).toBeNull();
  });

  it('reads a whole session back, the display name defaulting to the username', () => {
    put({ isLoggedIn: 'true', currentUser: USER, authToken: 'tok' });
    expect(readSession()).toEqual({
      token: 'tok',
      user: { username: 'demo', displayName: '演示' },
    });
    localStorage.setItem('currentUser', JSON.stringify({ username: 'demo', displayName: '' }));
    expect(readSession()?.user.displayName).toBe('demo');
  });

  it('save writes all three keys and clear removes all three', () => {
    saveSession({ token: 'tok', user: { username: 'demo', displayName: '演示' } });
    expect(localStorage.getItem('isLoggedIn')).toBe('true');
    expect(localStorage.getItem('authToken')).toBe('tok');
    expect(JSON.parse(localStorage.getItem('currentUser')!)).toEqual({
      username: 'demo',
      displayName: '演示',
    });
    localStorage.setItem('other', 'kept');
    clearSession();
    expect(['isLoggedIn', 'currentUser', 'authToken'].map((k) => localStorage.getItem(k))).toEqual([
      null,
      null,
      null,
    ]);
    expect(localStorage.getItem('other')).toBe('kept');
  });

  it('tells every listener once the server turns the token down, until it stops listening', () => {
    const a = vi.fn();
    const b = vi.fn();
    const stopA = onSessionExpired(a);
    const stopB = onSessionExpired(b);
    notifySessionExpired();
    stopA();
    notifySessionExpired();
    stopB();
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(2);
  });
});
