import { describe, expect, it } from 'vitest';
import { errorMessage, formatError, mutationFailure } from '../../src/api/errors';
import { newId } from '../../src/api/ids';

describe('how a failure reads', () => {
  it('is the error’s own message, else the fallback', () => {
    expect(errorMessage(new Error('金额过大'))).toBe('金额过大');
    expect(errorMessage(new Error(''))).toBe('未知错误');
    expect(errorMessage('金额过大')).toBe('未知错误');
    expect(errorMessage({ message: '金额过大' })).toBe('未知错误');
    expect(errorMessage(undefined, '网络错误')).toBe('网络错误');
  });

  it('fills a docs/spec.md §8 template’s {message}, and shows one without it as it is', () => {
    expect(formatError('保存资产失败：{message}，请重试', new Error('金额过大'))).toBe(
      '保存资产失败：金额过大，请重试',
    );
    expect(formatError('保存资产失败：{message}', null)).toBe('保存资产失败：未知错误');
    expect(formatError('创建记录失败，请重试', new Error('x'))).toBe('创建记录失败，请重试');
  });

  it('a mutation’s message may be worded from the error and what was sent', () => {
    const error = new Error('已存在');
    expect(mutationFailure((e, v) => `添加${String(v)}失败：${e.message}`, error, '任务')).toBe(
      '添加任务失败：已存在',
    );
    expect(mutationFailure('添加失败：{message}', error, '任务')).toBe('添加失败：已存在');
  });
});

describe('newId', () => {
  it('is a v4 UUID, different every time', () => {
    const ids = Array.from({ length: 200 }, newId);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});
