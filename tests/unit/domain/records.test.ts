import { describe, expect, it } from 'vitest';
import { materialise } from '../../../src/domain/records';
import { checkinTaskInputSchema } from '../../../src/domain/schemas/checkin';
import type { Task } from '../../../src/domain/schemas/task';
import { habit, noRepeat, OPEN_TODO, rent } from '../../fixtures/records';

const NOW = '2026-11-22T08:00:00.000Z';

describe('materialise', () => {
  it('stamps a create with the time of the write, and the editor’s clock when sent', () => {
    const input = {
      type: 'expense',
      amount: 1,
      category: 'dining',
      description: '',
      date: '2026-11-22',
      templateId: null,
      reimbursed: false,
      reimbursedBy: null,
      walletId: null,
      tags: [] as string[],
    } as const;
    expect(materialise('accounts', input, { id: 'a1', now: NOW })).toEqual({
      id: 'a1',
      ...input,
      updatedAt: NOW,
      editedAt: NOW,
      stamp: '',
    });
    const edited = materialise(
      'checkinTasks',
      {
        ...checkinTaskInputSchema.parse({ name: '早起' }),
        ...habit(),
        editedAt: '2026-11-20T10:00:00.000Z',
      },
      { id: 'h1', now: NOW },
    );
    expect(edited).toMatchObject({ updatedAt: NOW, editedAt: '2026-11-20T10:00:00.000Z' });
  });

  it.each([
    ['an older stamp', '2026-11-22T07:59:59.999Z', NOW],
    ['the same instant', NOW, '2026-11-22T08:00:00.001Z'],
    ['a stamp ahead of this clock', '2026-11-22T09:00:00.000Z', '2026-11-22T09:00:00.001Z'],
    ['no stamp (written before stamps existed)', '', NOW],
  ])('a replacement after %s is stamped %s', (_, previous, expected) => {
    const existing = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: previous } as Task;
    const task = materialise(
      'tasks',
      { title: 't', ...OPEN_TODO, ...noRepeat() },
      { id: 't1', now: NOW, existing },
    );
    expect(task.updatedAt).toBe(expected);
    // The kind's own rule still runs: the creation time is kept.
    expect(task.createdAt).toBe('2026-01-01T00:00:00.000Z');
  });

  it('keeps a template’s lastDate on an edit (the server’s), takes an upload’s on a create', () => {
    const data = { ...rent(), paused: false, lastDate: '', walletId: null };
    expect(
      materialise('recurring', { ...data, lastDate: '2026-10-01' }, { id: 'r', now: NOW }),
    ).toMatchObject({ lastDate: '2026-10-01' });
    const existing = materialise(
      'recurring',
      { ...data, lastDate: '2026-11-01' },
      { id: 'r', now: NOW },
    );
    expect(
      materialise('recurring', { ...data, amount: 3200 }, { id: 'r', now: NOW, existing }),
    ).toMatchObject({ amount: 3200, lastDate: '2026-11-01' });
  });

  it.each([
    [
      'workouts',
      {
        type: 'running',
        duration: 30,
        calories: null,
        notes: '',
        date: '2026-11-22',
        tags: [] as string[],
      },
    ],
    [
      'timeRecords',
      {
        task: 'x',
        category: 'work',
        duration: 60,
        date: '2026-11-22',
        taskId: '',
        tags: [] as string[],
      },
    ],
  ] as const)('%s keep a creation time: the client’s, else now', (kind, data) => {
    expect(materialise(kind, data, { id: 'r', now: NOW }).createdAt).toBe(NOW);
    expect(
      materialise(kind, { ...data, createdAt: '2026-11-01T00:00:00.000Z' }, { id: 'r', now: NOW })
        .createdAt,
    ).toBe('2026-11-01T00:00:00.000Z');
  });
});
