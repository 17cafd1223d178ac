/**
 * Every e2e file signs in as its own user so files never see each other's records.
 * The global setup creates them all through PM_USERS.
 */
export const E2E_PASSWORD = 'e2e-Passw0rd!';

export const E2E_USERS = {
  shell: '导航测试',
  dashboard: '首页测试',
  accounting: '记账测试',
  bookkeeping: '预算导入测试',
  assets: '资产测试',
  fitness: '健身测试',
  time: '时间测试',
  tasks: '任务测试',
  tasksKeys: '任务键盘测试',
  tasksScroll: '任务滚动测试',
  tasksRepeat: '重复任务测试',
  tasksShots: '任务截图测试',
  checkin: '打卡测试',
  sync: '同步测试',
  sync2: '同步测试二',
  pwa: '离线测试',
  offline: '离线记录测试',
  conflict: '冲突测试',
  garbage: '坏数据测试',
  ux: '体验测试',
  ux2: '体验测试二',
  screens: '截图测试',
  push: '通知测试',
  pomodoro: '番茄钟测试',
  phone: '手机测试',
  phoneLong: '手机长文本测试',
  passkeys: '通行密钥测试',
  settings: '设置测试',
  channels: '提醒渠道测试',
  tags: '标签测试',
  entryForm: '记账表单测试',
  money: '记账全程测试',
} as const;

export type E2EUser = keyof typeof E2E_USERS;
