import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { resourceKeys } from '../../../src/api/keys';
import { taskTags } from '../../../src/api/tags';

// A 番茄钟 on a task (专注 on its row) is tagged with the task's tags (issue 63): read from the
// list the device shows, none when the task is not at hand.

describe('taskTags', () => {
  it('reads the focused task’s tags from the shown list', () => {
    const client = new QueryClient();
    expect(taskTags(client, 't1')).toEqual([]);
    client.setQueryData(resourceKeys('tasks').list(), {
      items: [
        { id: 't1', title: '订酒店', tags: ['旅行'] },
        { id: 't2', title: '旧任务' },
      ],
    });
    expect(taskTags(client, 't1')).toEqual(['旅行']);
    // A task from before tags, one that is gone, and a session on no task: none.
    expect(taskTags(client, 't2')).toEqual([]);
    expect(taskTags(client, 'gone')).toEqual([]);
    expect(taskTags(client, '')).toEqual([]);
  });
});
