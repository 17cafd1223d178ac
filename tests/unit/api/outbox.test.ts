import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../src/api/engine/local-db';
import { classify, coalesce, effectsOf, overlay } from '../../../src/api/engine/outbox';
import { ApiError } from '../../../src/api/http';

const entry = (seq: number, op: OutboxEntry['op'], id: string, extra = {}): OutboxEntry => ({
  seq,
  kind: 'tasks',
  op,
  id,
  record: op === 'delete' ? undefined : { id, title: `${op}-${seq}` },
  base: op === 'create' ? undefined : 'v1',
  label: id,
  editedAt: `2026-11-22T08:00:0${seq}.000Z`,
  ...extra,
});

describe('coalesce: changes to one record that have not left yet are merged', () => {
  const next = (op: OutboxEntry['op'], id = 't1') => ({ ...entry(9, op, id), seq: undefined });

  it.each([
    ['nothing waits for the record', [], 'update', { drop: [], add: 'update' }],
    [
      'an edit after a create becomes the create',
      [entry(1, 'create', 't1')],
      'update',
      { drop: [], replace: 'create' },
    ],
    [
      'an edit after an edit keeps the first base',
      [entry(1, 'update', 't1')],
      'update',
      { drop: [], replace: 'update' },
    ],
    [
      'a delete of a record never sent cancels both',
      [entry(1, 'create', 't1')],
      'delete',
      { drop: [1] },
    ],
    [
      'a delete after an edit replaces it',
      [entry(1, 'update', 't1')],
      'delete',
      { drop: [1], add: 'delete' },
    ],
    [
      'a create after a delete follows it',
      [entry(1, 'delete', 't1')],
      'create',
      { drop: [], add: 'create' },
    ],
    [
      'another record is left alone',
      [entry(1, 'create', 't2')],
      'update',
      { drop: [], add: 'update' },
    ],
    [
      'a record of another kind with the same id is left alone',
      [entry(1, 'create', 't1', { kind: 'accounts' })],
      'update',
      { drop: [], add: 'update' },
    ],
  ] as const)('%s', (_, pending, op, want) => {
    const result = coalesce(pending as readonly OutboxEntry[], next(op));
    expect(result.drop).toEqual(want.drop);
    expect(result.add?.op).toBe('add' in want ? want.add : undefined);
    expect(result.replace?.op).toBe('replace' in want ? want.replace : undefined);
  });

  it('a merged edit carries the newest content and clock, and the first version it came from', () => {
    const first = entry(1, 'update', 't1', { base: 'server-v3' });
    const { replace } = coalesce([first], next('update'));
    expect(replace).toMatchObject({ seq: 1, base: 'server-v3', record: { title: 'update-9' } });
    expect(replace?.editedAt).toBe(next('update').editedAt);
    const { add } = coalesce([first], next('delete'));
    expect(add).toMatchObject({ op: 'delete', base: 'server-v3' });
  });

  it('never merges into the change on its way to the server', () => {
    const sending = entry(1, 'create', 't1');
    expect(coalesce([sending], next('update'), 1)).toEqual({ drop: [], add: next('update') });
    expect(coalesce([sending], next('delete'), 1)).toEqual({ drop: [], add: next('delete') });
  });
});

describe('overlay: the list with the waiting changes on top', () => {
  const server = [
    { id: 'a', title: 'A' },
    { id: 'b', title: 'B' },
    { id: 'c', title: 'C' },
  ];

  it('replaces in place, removes, and adds new records at the end in order', () => {
    const effects = effectsOf([
      entry(1, 'create', 'n1'),
      entry(2, 'update', 'b'),
      entry(3, 'delete', 'c'),
      entry(4, 'create', 'n2'),
    ]);
    expect(overlay(server, effects).map((r) => [r.id, r.title])).toEqual([
      ['a', 'A'],
      ['b', 'update-2'],
      ['n1', 'create-1'],
      ['n2', 'create-4'],
    ]);
    expect([...effects.pending].sort()).toEqual(['b', 'c', 'n1', 'n2']);
  });

  it('the last change of a record wins, and a hidden record goes with a waiting delete', () => {
    const effects = effectsOf([entry(1, 'update', 'a'), entry(2, 'delete', 'a')]);
    expect(overlay(server, effects, (r) => r.id === 'c').map((r) => r.id)).toEqual(['b']);
  });

  it('a waiting delete of a record the server does not list adds nothing', () => {
    const effects = effectsOf([entry(1, 'delete', 'gone'), entry(2, 'update', 'a')]);
    expect(overlay(server, effects).map((r) => [r.id, r.title])).toEqual([
      ['a', 'update-2'],
      ['b', 'B'],
      ['c', 'C'],
    ]);
  });

  it('leaves the server list alone when nothing waits', () => {
    expect(overlay(server, effectsOf([]))).toEqual(server);
  });
});

describe('classify: what the server’s answer means for a change', () => {
  const update = entry(1, 'update', 't1');
  const remove = entry(1, 'delete', 't1');

  it.each([
    ['no answer at all', new TypeError('fetch failed'), update, 'unreachable'],
    ['a timeout (status 0)', new ApiError('请求超时，请重试', 0), update, 'unreachable'],
    ['a server error', new ApiError('服务器内部错误', 500), update, 'unreachable'],
    ['a full disk', new ApiError('存储空间已满', 507), update, 'unreachable'],
    ['an expired session', new ApiError('用户未登录', 401), update, 'unauthorized'],
    ['a refusal', new ApiError('title: 请填写标题', 400), update, 'rejected'],
    ['a forbidden call', new ApiError('x', 403), update, 'rejected'],
    ['an edit of a record gone elsewhere', new ApiError('记录不存在', 404), update, 'missing'],
    ['a delete of a record already gone', new ApiError('记录不存在', 404), remove, 'confirmed'],
    [
      'a 409 without the current record',
      new ApiError('冲突', 409, { error: '冲突' }),
      update,
      'rejected',
    ],
    ['a 409 without a body', new ApiError('冲突', 409), update, 'rejected'],
    ['a 409 whose body is text', new ApiError('冲突', 409, '冲突'), update, 'rejected'],
    [
      'a 409 whose current record is no object',
      new ApiError('冲突', 409, { current: 'v2' }),
      update,
      'rejected',
    ],
  ] as const)('%s', (_, error, change, type) => {
    expect(classify(change, error).type).toBe(type);
  });

  it('a 409 hands over the current record', () => {
    const current = { id: 't1', title: '别处', updatedAt: 'v2', editedAt: 'e2' };
    expect(classify(update, new ApiError('记录已在另一台设备上修改', 409, { current }))).toEqual({
      type: 'conflict',
      current,
    });
  });

  it('a damaged or full database keeps the change waiting, and says which', () => {
    const message = '服务器磁盘空间已满，无法保存，请联系管理员';
    expect(
      classify(update, new ApiError(message, 507, { error: message, reason: 'full' })),
    ).toEqual({ type: 'unreachable', message, storage: { reason: 'full', message } });
    const damaged = '服务器的数据库文件已损坏，暂停保存数据；请联系管理员从备份恢复';
    expect(
      classify(update, new ApiError(damaged, 503, { error: damaged, reason: 'corrupt' })),
    ).toMatchObject({ storage: { reason: 'corrupt', message: damaged } });
    // A proxy's 503 or any other 5xx is no word on the storage.
    expect(classify(update, new ApiError('Network error', 503))).toEqual({
      type: 'unreachable',
      message: 'Network error',
    });
    expect(
      classify(update, new ApiError('x', 500, { error: 'x', reason: 'full' })),
    ).not.toHaveProperty('storage');
  });
});
