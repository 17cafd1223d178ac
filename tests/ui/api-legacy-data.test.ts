import { afterEach, describe, expect, it } from 'vitest';
import {
  claimBrowserData,
  countLegacyRecords,
  discardLegacyRecord,
  listLegacyRecords,
  readLegacy,
  replaceLegacy,
} from '../../src/api/legacy-data';

// The original, client-only app's records under the spec's keys (docs/spec.md §3): set aside at the
// first sign-in on a browser, never overwritten, dropped only one by one when the user says so.

afterEach(() => localStorage.clear());

const TASK_A = { id: 'a', title: '旧任务' };
const TASK_B = { id: 'b', title: '另一个' };
const get = (key: string) => localStorage.getItem(key);
const put = (key: string, value: unknown) =>
  localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));

describe('claimBrowserData', () => {
  it('sets aside the original app’s records at the first sign-in and takes the keys', () => {
    put('tasks', [TASK_A]);
    put('workouts', []);
    claimBrowserData('demo');
    expect(JSON.parse(get('legacy:tasks')!)).toEqual([TASK_A]);
    // An empty list is nothing to upload.
    expect(get('legacy:workouts')).toBeNull();
    expect(get('tasks')).toBeNull();
    expect(get('workouts')).toBeNull();
    expect(get('mirrorOwner')).toBe('demo');
  });

  it('never overwrites records already set aside', () => {
    put('legacy:tasks', [TASK_B]);
    put('tasks', [TASK_A]);
    claimBrowserData('demo');
    expect(JSON.parse(get('legacy:tasks')!)).toEqual([TASK_B]);
    expect(get('tasks')).toBeNull();
  });

  it('with an owner, takes what lies under the keys as this app’s old copy, not legacy', () => {
    put('mirrorOwner', 'demo');
    put('tasks', [TASK_A]);
    claimBrowserData('other');
    expect(get('legacy:tasks')).toBeNull();
    expect(get('tasks')).toBeNull();
    expect(get('mirrorOwner')).toBe('other');
  });

  it('sets nothing aside from a value that is unreadable or no list', () => {
    put('tasks', '{broken');
    put('accounts', { not: 'a list' });
    claimBrowserData('demo');
    expect(get('legacy:tasks')).toBeNull();
    expect(get('legacy:accounts')).toBeNull();
  });
});

describe('readLegacy', () => {
  it('reads the set-aside copy first', () => {
    put('legacy:tasks', [TASK_B]);
    put('tasks', [TASK_A]);
    expect(readLegacy('tasks')).toEqual([TASK_B]);
  });

  it('reads the spec key while nobody has signed in on the browser, and nothing after', () => {
    put('tasks', [TASK_A]);
    expect(readLegacy('tasks')).toEqual([TASK_A]);
    put('mirrorOwner', 'demo');
    expect(readLegacy('tasks')).toEqual([]);
  });

  it('is empty for nothing stored, broken JSON or a value that is no list', () => {
    expect(readLegacy('tasks')).toEqual([]);
    put('tasks', '{broken');
    expect(readLegacy('tasks')).toEqual([]);
    put('tasks', { id: 'x' });
    expect(readLegacy('tasks')).toEqual([]);
    put('tasks', '');
    expect(readLegacy('tasks')).toEqual([]);
  });
});

describe('replaceLegacy', () => {
  it('keeps what is left set aside, and removes the entry when nothing is', () => {
    replaceLegacy('tasks', [TASK_A]);
    expect(JSON.parse(get('legacy:tasks')!)).toEqual([TASK_A]);
    replaceLegacy('tasks', []);
    expect(get('legacy:tasks')).toBeNull();
  });

  it('drops the spec key of an unclaimed browser, so the records are not read twice', () => {
    put('tasks', [TASK_A, TASK_B]);
    replaceLegacy('tasks', [TASK_B]);
    expect(get('tasks')).toBeNull();
    expect(readLegacy('tasks')).toEqual([TASK_B]);
  });

  it('leaves the spec key alone once the browser has an owner', () => {
    put('mirrorOwner', 'demo');
    put('tasks', [TASK_A]);
    replaceLegacy('tasks', [TASK_B]);
    expect(JSON.parse(get('tasks')!)).toEqual([TASK_A]);
  });
});

describe('counting, listing and discarding', () => {
  it('counts and lists every kind’s records with their place', () => {
    put('legacy:tasks', [TASK_A, TASK_B]);
    put('legacy:accounts', [{ id: 'c' }]);
    expect(countLegacyRecords()).toBe(3);
    expect(listLegacyRecords()).toEqual([
      { category: 'accounts', index: 0, record: { id: 'c' } },
      { category: 'tasks', index: 0, record: TASK_A },
      { category: 'tasks', index: 1, record: TASK_B },
    ]);
  });

  it('discards exactly the record shown, and the entry with the last one', () => {
    put('legacy:tasks', [TASK_A, TASK_B]);
    expect(discardLegacyRecord({ category: 'tasks', index: 1, record: TASK_B })).toBe(true);
    expect(readLegacy('tasks')).toEqual([TASK_A]);
    expect(discardLegacyRecord({ category: 'tasks', index: 0, record: TASK_A })).toBe(true);
    expect(get('legacy:tasks')).toBeNull();
    expect(countLegacyRecords()).toBe(0);
  });

  it('refuses when the record at that place is no longer the one shown', () => {
    put('legacy:tasks', [TASK_A, TASK_B]);
    expect(discardLegacyRecord({ category: 'tasks', index: 0, record: TASK_B })).toBe(false);
    expect(discardLegacyRecord({ category: 'tasks', index: 2, record: TASK_B })).toBe(false);
    expect(readLegacy('tasks')).toEqual([TASK_A, TASK_B]);
  });
});
