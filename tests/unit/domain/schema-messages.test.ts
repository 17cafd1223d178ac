import { describe, expect, it } from 'vitest';
import { accountInputSchema } from '../../../src/domain/schemas/account';
import { assetHistoryInputSchema, assetInputSchema } from '../../../src/domain/schemas/asset';
import { loginSchema } from '../../../src/domain/schemas/auth';
import {
  checkinRecordInputSchema,
  checkinRecordSchema,
  checkinTaskInputSchema,
} from '../../../src/domain/schemas/checkin';
import { MAX_AMOUNT } from '../../../src/domain/schemas/common';
import { taskInputSchema } from '../../../src/domain/schemas/task';
import { timeRecordInputSchema } from '../../../src/domain/schemas/time-record';
import { workoutInputSchema } from '../../../src/domain/schemas/workout';
import { VALID_INPUT } from '../../fixtures/records';
import { messages } from '../../fixtures/schema-messages';

// The forms, the import dialog and the server all show a schema's message as it is, so each
// rule's Chinese text is part of the product, not an implementation detail.

const { account, asset, workout, timeRecord } = VALID_INPUT;
const history = {
  assetId: 'a1',
  assetName: '招行储蓄卡',
  action: 'create',
  // A snapshot is a whole stored asset (issue 13: bounded, flat, checked like one).
  newData: { ...asset, id: 'a1' },
  timestamp: '2026-11-21T08:00:00.000Z',
};

describe('account messages', () => {
  it.each([
    ['an unknown type', { type: 'transfer' }, ['type: 类型无效']],
    ['a blank category', { category: ' ' }, ['category: 请选择分类']],
    ['a missing category', { category: undefined }, ['category: 请选择分类']],
    ['a long category', { category: 'x'.repeat(41) }, ['category: 分类最多 40 个字符']],
    // 分类 of one's own (issue 61): any id is a category the schema cannot look up.
    ['a category of one’s own', { category: 'cat-pet_1' }, []],
    ['a category that is no id', { category: '宠物 猫粮' }, ['category: 分类无效']],
    ['a category of the other type', { category: 'salary' }, ['category: 分类与类型不匹配']],
    ['a long note', { description: 'x'.repeat(501) }, ['description: 最多 500 个字符']],
    ['a note of 500', { description: 'x'.repeat(500) }, []],
    ['three decimals', { amount: 1.005 }, ['amount: 金额最多两位小数']],
    ['an amount over the limit', { amount: MAX_AMOUNT + 1 }, ['amount: 金额过大']],
    ['NaN', { amount: Number.NaN }, ['amount: 请输入有效金额']],
    ['an amount as text', { amount: '12' }, ['amount: 请输入有效金额']],
    ['a missing amount', { amount: undefined }, ['amount: 请输入有效金额']],
    ['a missing date', { date: undefined }, ['date: 请填写日期']],
    [
      'a date that does not exist',
      { date: '2026-02-30' },
      ['date: 日期格式应为 YYYY-MM-DD 且真实存在'],
    ],
    [
      'a date in another format',
      { date: '2026/11/21' },
      ['date: 日期格式应为 YYYY-MM-DD 且真实存在'],
    ],
    [
      'a date after other text',
      { date: 'x2026-11-21' },
      ['date: 日期格式应为 YYYY-MM-DD 且真实存在'],
    ],
    ['a bad id', { id: 'a b' }, ['id: id 只能包含字母、数字、- 和 _，最长 64 位']],
    ['an id of 65', { id: 'x'.repeat(65) }, ['id: id 只能包含字母、数字、- 和 _，最长 64 位']],
    ['an id of 64', { id: 'x'.repeat(64) }, []],
  ])('%s', (_, patch, expected) => {
    expect(messages(accountInputSchema, { ...account, ...patch })).toEqual(expected);
  });

  it('reports a blank category once, as missing rather than mismatched', () => {
    expect(messages(accountInputSchema, { ...account, category: '' })).toEqual([
      'category: 请选择分类',
    ]);
  });

  it('trims the category before checking it against the type', () => {
    expect(accountInputSchema.parse({ ...account, category: ' dining ' }).category).toBe('dining');
  });
});

describe('asset messages', () => {
  it.each([
    ['an unknown type', { type: 'loan' }, ['type: 类型无效']],
    ['a blank name', { name: '  ' }, ['name: 请填写名称']],
    ['a long name', { name: 'x'.repeat(101) }, ['name: 名称最多 100 个字符']],
    ['a name of 100', { name: 'x'.repeat(100) }, []],
    ['a category of the other side', { category: 'mortgage' }, ['category: 分类与类型不匹配']],
    ['a negative amount', { amount: -1 }, ['amount: 金额不能为负数']],
    ['version 0', { version: 0 }, ['version: 版本号至少为 1']],
    [
      'an impossible effective date',
      { effectiveDate: '2026-02-30' },
      ['effectiveDate: 日期格式应为 YYYY-MM-DD 且真实存在'],
    ],
  ])('%s', (_, patch, expected) => {
    expect(messages(assetInputSchema, { ...asset, ...patch })).toEqual(expected);
  });

  it.each([
    ['an unknown action', { action: 'rename' }, ['action: 操作类型无效']],
    ['a date for a timestamp', { timestamp: '2026-11-21' }, ['timestamp: 时间戳格式无效']],
    ['a timestamp with an offset', { timestamp: '2026-11-21T16:00:00+08:00' }, []],
    ['a blank asset name', { assetName: '' }, ['assetName: 请填写名称']],
  ])('history: %s', (_, patch, expected) => {
    expect(messages(assetHistoryInputSchema, { ...history, ...patch })).toEqual(expected);
  });

  it('refuses a snapshot that is not an object', () => {
    expect(assetHistoryInputSchema.safeParse({ ...history, oldData: 'x' }).success).toBe(false);
  });

  it('stores missing snapshots as null', () => {
    expect(assetHistoryInputSchema.parse({ ...history, newData: undefined })).toMatchObject({
      oldData: null,
      newData: null,
    });
  });
});

describe('workout messages', () => {
  it.each([
    ['a missing type', { type: undefined }, ['type: 请选择运动类型']],
    ['a missing duration', { duration: undefined }, ['duration: 请填写时长']],
    ['a fractional duration', { duration: 1.5 }, ['duration: 时长必须是整数分钟']],
    ['a zero duration', { duration: 0 }, ['duration: 时长必须大于 0']],
    ['more than a day', { duration: 1441 }, ['duration: 时长不能超过 1440 分钟']],
    ['fractional calories', { calories: 1.5 }, ['calories: 卡路里必须是整数']],
    ['negative calories', { calories: -1 }, ['calories: 卡路里不能为负数']],
    ['too many calories', { calories: 100_001 }, ['calories: 卡路里过大']],
    ['the most calories', { calories: 100_000 }, []],
    ['a long note', { notes: 'x'.repeat(501) }, ['notes: 最多 500 个字符']],
  ])('%s', (_, patch, expected) => {
    expect(messages(workoutInputSchema, { ...workout, ...patch })).toEqual(expected);
  });
});

it('speaks Chinese where a rule has no message of its own (zod’s generic ones)', () => {
  const [message] = messages(workoutInputSchema, { ...workout, calories: 'x' });
  expect(message).toMatch(/^calories: .*[\u4e00-\u9fff]/);
});

describe('time record messages', () => {
  it.each([
    ['a blank task', { task: ' ' }, ['task: 请填写任务名称']],
    ['a long task', { task: 'x'.repeat(101) }, ['task: 任务名称最多 100 个字符']],
    ['a missing category', { category: undefined }, ['category: 请选择分类']],
    ['a missing duration', { duration: undefined }, ['duration: 请填写时长']],
    ['fractional seconds', { duration: 1.5 }, ['duration: 时长必须是整数秒']],
    ['zero seconds', { duration: 0 }, ['duration: 时长至少 1 秒']],
    ['more than a day', { duration: 86_401 }, ['duration: 时长不能超过 24 小时']],
  ])('%s', (_, patch, expected) => {
    expect(messages(timeRecordInputSchema, { ...timeRecord, ...patch })).toEqual(expected);
  });
});

describe('task messages', () => {
  it.each([
    ['a blank title', { title: ' ' }, ['title: 请填写标题']],
    ['a long title', { title: 'x'.repeat(201) }, ['title: 标题最多 200 个字符']],
    ['a title of 200', { title: 'x'.repeat(200) }, []],
    ['a long description', { description: 'x'.repeat(2001) }, ['description: 最多 2000 个字符']],
    ['a description of 2000', { description: 'x'.repeat(2000) }, []],
    ['an unknown priority', { priority: 'urgent' }, ['priority: 优先级无效']],
    ['an unknown category', { category: 'travel' }, ['category: 分类无效']],
    ['a creation date only', { createdAt: '2026-11-21' }, ['createdAt: 时间戳格式无效']],
  ])('%s', (_, patch, expected) => {
    expect(messages(taskInputSchema, { title: '交房租', ...patch })).toEqual(expected);
  });
});

describe('check-in messages', () => {
  it.each([
    ['a blank name', { name: '' }, ['name: 请填写名称']],
    ['an unknown type', { type: 'yearly' }, ['type: 类型无效']],
    ['an unknown category', { category: 'sleep' }, ['category: 分类无效']],
    ['a fractional frequency', { type: 'weekly', frequency: 1.5 }, ['frequency: 频率必须是整数']],
    ['a zero frequency', { type: 'weekly', frequency: 0 }, ['frequency: 频率至少为 1']],
    ['weekly 8', { type: 'weekly', frequency: 8 }, ['frequency: 频率最多为 7']],
    ['monthly 32', { type: 'monthly', frequency: 32 }, ['frequency: 频率最多为 31']],
    ['a fractional target', { monthlyTarget: 1.5 }, ['monthlyTarget: 每月目标必须是整数']],
    ['target 0', { monthlyTarget: 0 }, ['monthlyTarget: 每月目标至少为 1']],
    ['target 32', { monthlyTarget: 32 }, ['monthlyTarget: 每月目标最多为 31']],
  ])('%s', (_, patch, expected) => {
    expect(messages(checkinTaskInputSchema, { name: '早起', ...patch })).toEqual(expected);
  });

  it('requires an id on a stored check-in record', () => {
    expect(messages(checkinRecordSchema, { taskId: 'c1', date: '2026-11-21' })).toHaveLength(1);
    expect(messages(checkinRecordSchema, { taskId: 'c1', date: '2026-11-21' })[0]).toMatch(/^id: /);
    expect(messages(checkinRecordSchema, { id: 'r1', taskId: 'c1', date: '2026-11-21' })).toEqual(
      [],
    );
  });

  it('checks a record’s habit id and date', () => {
    expect(messages(checkinRecordInputSchema, { taskId: 'a/b', date: '2026-11-31' })).toEqual([
      'taskId: id 只能包含字母、数字、- 和 _，最长 64 位',
      'date: 日期格式应为 YYYY-MM-DD 且真实存在',
    ]);
  });
});

describe('login messages', () => {
  it.each([
    ['nothing', {}, ['username: 请输入用户名', 'password: 请输入密码']],
    ['a blank username', { username: '   ', password: 'pw' }, ['username: 请输入用户名']],
    ['an empty password', { username: 'alice', password: '' }, ['password: 请输入密码']],
    [
      'a username of 65',
      { username: 'x'.repeat(65), password: 'pw' },
      ['username: 用户名最多 64 个字符'],
    ],
    ['a username of 64', { username: 'x'.repeat(64), password: 'pw' }, []],
    [
      'a password of 257',
      { username: 'alice', password: 'x'.repeat(257) },
      ['password: 密码最多 256 个字符'],
    ],
    ['a password of 256', { username: 'alice', password: 'x'.repeat(256) }, []],
  ])('%s', (_, value, expected) => {
    expect(messages(loginSchema, value)).toEqual(expected);
  });

  it('trims the username', () => {
    expect(loginSchema.parse({ username: ' alice ', password: ' pw ' })).toEqual({
      username: 'alice',
      password: ' pw ',
    });
  });
});
