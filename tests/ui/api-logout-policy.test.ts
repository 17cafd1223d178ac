import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { openLocalDb } from '../../src/api/engine/local-db';
import { endSession, logoutWarning } from '../../src/api/logout-policy';

// What signing out asks first and what it leaves behind (docs/architecture.md, Decisions "Whose mirror").

afterEach(() => localStorage.clear());

const NOW = Date.UTC(2026, 10, 24, 9);
const runningTimer = JSON.stringify({
  isTimerRunning: true,
  currentSession: { task: '写报告', category: 'work', startTime: NOW - 60_000, duration: 0 },
});

describe('logoutWarning', () => {
  it('is null when nothing would be lost', () => {
    expect(logoutWarning(NOW, 0)).toBeNull();
  });

  it('names the number of changes not yet on the server, before anything else', () => {
    localStorage.setItem('legacy:tasks', JSON.stringify([{ id: 'a' }]));
    localStorage.setItem('timerState', runningTimer);
    expect(logoutWarning(NOW, 3)).toBe(
      '本机还有 3 条更改尚未同步到服务器。退出登录会丢弃它们，确定退出登录吗？',
    );
  });

  it('warns of the original app’s records not uploaded yet', () => {
    localStorage.setItem('legacy:tasks', JSON.stringify([{ id: 'a' }]));
    localStorage.setItem('timerState', runningTimer);
    expect(logoutWarning(NOW, 0)).toBe(
      '本机还有尚未上传到云端的旧数据。退出后它们仍保留在本机，但只有登录后才能在“同步”中上传。确定退出登录吗？',
    );
  });

  it('warns of a focus session not saved, running or paused', () => {
    localStorage.setItem('timerState', runningTimer);
    const warning = '专注计时还没有保存。退出登录会丢弃这次计时，确定退出登录吗？';
    expect(logoutWarning(NOW, 0)).toBe(warning);
    localStorage.setItem(
      'timerState',
      runningTimer.replace('"isTimerRunning":true', '"isTimerRunning":false'),
    );
    expect(logoutWarning(NOW, 0)).toBe(warning);
    localStorage.setItem('timerState', '{"isTimerRunning":false,"currentSession":null}');
    expect(logoutWarning(NOW, 0)).toBeNull();
  });
});

describe('endSession', () => {
  const storedLists = async (username: string) => {
    const db = await openLocalDb(username);
    const count = await db.count('lists');
    db.close();
    return count;
  };
  const seedStore = async (username: string) => {
    const db = await openLocalDb(username);
    await db.put('lists', { kind: 'tasks', cursor: 1, json: '[]' });
    db.close();
  };

  it('signing out forgets the user’s device copy and focus timer', async () => {
    await seedStore('demo');
    localStorage.setItem('timerState', runningTimer);
    localStorage.setItem('legacy:tasks', '[{"id":"a"}]');
    await endSession(new QueryClient(), { username: 'demo', signedOut: true });
    expect(await storedLists('demo')).toBe(0);
    expect(localStorage.getItem('timerState')).toBeNull();
    // The original app's records belong to no account yet.
    expect(localStorage.getItem('legacy:tasks')).not.toBeNull();
  });

  it('an expired session keeps both: its waiting changes go at the next sign-in', async () => {
    await seedStore('demo');
    localStorage.setItem('timerState', runningTimer);
    await endSession(new QueryClient(), { username: 'demo', signedOut: false });
    expect(await storedLists('demo')).toBe(1);
    expect(localStorage.getItem('timerState')).toBe(runningTimer);
  });

  // The query client comes with the signed-in shell: a tab that signed in but drew no screen
  // has none, and signing out must still forget the device's copy.
  it('without a query client, signing out still forgets the device copy', async () => {
    await seedStore('demo');
    localStorage.setItem('timerState', runningTimer);
    await endSession(undefined, { username: 'demo', signedOut: true });
    expect(await storedLists('demo')).toBe(0);
    expect(localStorage.getItem('timerState')).toBeNull();
    await seedStore('demo');
    await endSession(undefined, { username: 'demo', signedOut: false });
    expect(await storedLists('demo')).toBe(1);
  });
});
