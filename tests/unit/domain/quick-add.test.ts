import { describe, expect, it } from 'vitest';
import { parseQuickAdd } from '../../../src/domain/quick-add';

// Wednesday 2026-12-09, 10:00 local time: relative dates count from here.
const NOW = new Date(2026, 11, 9, 10, 0);

const WEEKDAYS = 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR';

describe('parseQuickAdd resolves a line into stored fields', () => {
  it.each([
    // The five.
    [
      '明天下午3点 交房租 !高 #生活',
      {
        title: '交房租',
        dueDate: '2026-12-10',
        dueTime: '15:00',
        repeat: '',
        priority: 'high',
        category: 'life',
      },
    ],
    [
      '每周一 倒垃圾',
      { title: '倒垃圾', dueDate: '2026-12-14', dueTime: '', repeat: 'FREQ=WEEKLY;BYDAY=MO' },
    ],
    [
      '每月1号 还信用卡',
      { title: '还信用卡', dueDate: '2027-01-01', repeat: 'FREQ=MONTHLY;BYMONTHDAY=1' },
    ],
    ['后天 体检', { title: '体检', dueDate: '2026-12-11', dueTime: '', repeat: '' }],
    ['下周五 提交报告 #工作', { title: '提交报告', dueDate: '2026-12-18', category: 'work' }],
    // Twenty more.
    ['今天 买菜', { title: '买菜', dueDate: '2026-12-09', dueTime: '' }],
    ['12月3日 开会', { title: '开会', dueDate: '2027-12-03' }],
    ['12月20日 年会', { title: '年会', dueDate: '2026-12-20' }],
    ['晚上8点半 跑步', { title: '跑步', dueDate: '2026-12-09', dueTime: '20:30' }],
    ['下午3点 交房租', { title: '交房租', dueDate: '2026-12-09', dueTime: '15:00' }],
    [
      '明天早上9点 开会 !高',
      { title: '开会', dueDate: '2026-12-10', dueTime: '09:00', priority: 'high' },
    ],
    ['工作日 站会', { title: '站会', dueDate: '2026-12-09', repeat: WEEKDAYS }],
    ['每两周 复盘', { title: '复盘', dueDate: '2026-12-09', repeat: 'FREQ=WEEKLY;INTERVAL=2' }],
    [
      '每月最后一天 对账',
      { title: '对账', dueDate: '2026-12-31', repeat: 'FREQ=MONTHLY;BYMONTHDAY=-1' },
    ],
    [
      '每年 体检 !1',
      { title: '体检', dueDate: '2026-12-09', repeat: 'FREQ=YEARLY', priority: 'high' },
    ],
    [
      '每天 背单词 !低 #学习',
      { title: '背单词', repeat: 'FREQ=DAILY', priority: 'low', category: 'study' },
    ],
    [
      '每周一、三 健身',
      { title: '健身', dueDate: '2026-12-09', repeat: 'FREQ=WEEKLY;BYDAY=MO,WE' },
    ],
    ['每3天 浇花', { title: '浇花', dueDate: '2026-12-09', repeat: 'FREQ=DAILY;INTERVAL=3' }],
    [
      '每周五 下午6点 周会',
      { title: '周会', dueDate: '2026-12-11', dueTime: '18:00', repeat: 'FREQ=WEEKLY;BYDAY=FR' },
    ],
    ['周五 聚餐 #娱乐', { title: '聚餐', dueDate: '2026-12-11', category: 'entertainment' }],
    ['3天后 还书', { title: '还书', dueDate: '2026-12-12' }],
    ['写周报 !2', { title: '写周报', dueDate: '', repeat: '', priority: 'medium' }],
    ['#购物 买牛奶', { title: '买牛奶', category: 'shopping', dueDate: '' }],
    // Not a category: since issue 63 a tag, its text left in the title.
    [
      '#不存在 测试',
      {
        title: '#不存在 测试',
        tags: ['不存在'],
        chips: [{ kind: 'tag', label: '#不存在', text: '' }],
      },
    ],
    [
      '买牛奶',
      {
        title: '买牛奶',
        dueDate: '',
        dueTime: '',
        repeat: '',
        chips: [],
      },
    ],
  ])('%s', (line, expected) => {
    expect(parseQuickAdd(line, NOW)).toMatchObject(expected);
  });

  it('shows what it recognised as chips, in the order they were typed', () => {
    expect(parseQuickAdd('明天下午3点 交房租 !高 #生活', NOW).chips).toEqual([
      { kind: 'date', label: '12月10日 周四 15:00', text: '明天下午3点' },
      { kind: 'priority', label: '优先级 高', text: '!高' },
      { kind: 'category', label: '生活', text: '#生活' },
    ]);
    expect(parseQuickAdd('#生活 交房租 明天 !高', NOW).chips.map((c) => c.kind)).toEqual([
      'category',
      'date',
      'priority',
    ]);
  });

  it('a removed chip leaves its text in the title', () => {
    const r = parseQuickAdd('明天 交房租 !高', NOW, new Set(['date']));
    expect(r).toMatchObject({ title: '明天 交房租', dueDate: '', priority: 'high' });
    expect(parseQuickAdd('每周一 倒垃圾', NOW, new Set(['repeat']))).toMatchObject({
      title: '每 倒垃圾',
      repeat: '',
      dueDate: '2026-12-14',
    });
  });
});
