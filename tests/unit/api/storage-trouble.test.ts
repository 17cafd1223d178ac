import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/http';
import { storageTroubleLabel, storageTroubleOf } from '../../../src/api/storage-trouble';

// The server's storage cannot serve (server/storage-health.ts): how its answer is recognised,
// and the few words the navigation bar shows for it.

describe('storageTroubleOf', () => {
  const body = { reason: 'full', error: '服务器磁盘空间已满，无法保存，请联系管理员' };

  it('reads the reason and the server’s sentence from a 503 or 507', () => {
    for (const status of [503, 507]) {
      expect(storageTroubleOf(new ApiError(body.error, status, body))).toEqual({
        reason: 'full',
        message: body.error,
      });
    }
  });

  it.each([
    ['another status', new ApiError(body.error, 500, body)],
    ['no body', new ApiError('Network error', 503)],
    ['a reason that is no string', new ApiError('x', 503, { reason: 7, error: 'x' })],
    ['no sentence', new ApiError('x', 503, { reason: 'full' })],
    ['an error that is no ApiError', new Error('x')],
  ])('is nothing for %s', (_, error) => {
    expect(storageTroubleOf(error)).toBeUndefined();
  });
});

describe('storageTroubleLabel', () => {
  it.each([
    ['corrupt', '服务器数据库已损坏'],
    ['full', '服务器磁盘已满'],
    ['io', '服务器存储读写出错'],
    ['something-new', '服务器存储故障'],
  ])('%s reads %s', (reason, label) => {
    expect(storageTroubleLabel({ reason, message: '' })).toBe(label);
  });
});
