import { describe, expect, it } from 'vitest';
import { defaultReminders, withDefaultReminders } from '../../../src/domain/task-reminders';

describe('任务默认提醒', () => {
  it('rings a timed task at the chosen lead, a dated one at 09:00, an undated one never', () => {
    const timed = { dueDate: '2026-12-07', dueTime: '15:00' };
    expect(defaultReminders(0, timed)).toEqual([0]);
    expect(defaultReminders(30, timed)).toEqual([30]);
    expect(defaultReminders(60, timed)).toEqual([60]);
    // Date only: minute 0 of the scheduler's 09:00, whatever lead was chosen.
    expect(defaultReminders(30, { dueDate: '2026-12-07', dueTime: '' })).toEqual([0]);
    expect(defaultReminders(0, { dueDate: '', dueTime: '' })).toEqual([]);
    expect(defaultReminders(null, timed)).toEqual([]);
    expect(defaultReminders(null, { dueDate: '2026-12-07' })).toEqual([]);
  });

  it('keeps reminders the creator named, 准时 or none', () => {
    const task: { title: string; dueDate: string; dueTime: string; reminders?: number[] } = {
      title: '交房租',
      dueDate: '2026-12-07',
      dueTime: '15:00',
    };
    expect(withDefaultReminders(task, 0).reminders).toEqual([0]);
    expect(withDefaultReminders({ ...task, reminders: [60] }, 0).reminders).toEqual([60]);
    expect(withDefaultReminders({ ...task, reminders: [] }, 5).reminders).toEqual([]);
    expect(withDefaultReminders(task, 5)).toMatchObject({ title: '交房租', reminders: [5] });
  });
});
