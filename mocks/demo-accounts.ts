/** The two accounts of demo mode, shown on its login screen. Demo data never leaves the tab. */
export const DEMO_ACCOUNTS = [
  { username: 'demo', password: 'demo1234', displayName: '演示用户' },
  { username: 'guest', password: 'guest1234', displayName: '访客' },
] as const;
