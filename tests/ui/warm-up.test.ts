import { afterEach, describe, expect, it } from 'vitest';
import { warmUpSession } from '../../src/api/auth';
import { clearSession, saveSession } from '../../src/api/session';

// main.tsx fetches the shell, the opening screen and ky ahead of the router only for a stored
// session: the login route of a signed-out visitor loads nothing more (its 100 KB budget).
describe('warmUpSession', () => {
  afterEach(() => clearSession());

  it('says no and starts nothing without a stored session', () => {
    expect(warmUpSession()).toBe(false);
  });

  it('says yes for a stored session', () => {
    saveSession({ token: 't'.repeat(43), user: { username: 'alice', displayName: 'Alice' } });
    expect(warmUpSession()).toBe(true);
  });

  it('says no for a flag without a token, as the guard would', () => {
    localStorage.setItem('isLoggedIn', 'true');
    expect(warmUpSession()).toBe(false);
  });
});
