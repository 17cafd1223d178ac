import { DEFAULT_NOTIFICATIONS } from '../notification-kinds';
import { DEFAULT_FOCUS_CATEGORIES } from './defaults';
import type { Settings } from './settings';

// Without zod, as defaults.ts: the dashboard and 记账 show budgets from it before any settings
// have been read.

/**
 * What a user who never saved settings gets: `settingsSchema.parse({})`, written out
 * (tests/unit/domain/schema-rules.test.ts holds the two equal), but for `dailyGoals`: a new
 * account has no 今日目标 until it turns some on, while saved settings without the field keep
 * the three that were always shown.
 */
export const DEFAULT_SETTINGS: Settings = {
  monthlyBudget: null,
  categoryBudgets: {},
  dailyBudgetMode: 'fixed',
  dailyBudget: 200,
  monthStartDay: 1,
  defaultWalletId: '',
  focusGoalMinutes: 120,
  focusCategories: [...DEFAULT_FOCUS_CATEGORIES],
  importRules: { expense: {}, income: {} },
  counterparties: { expense: {}, income: {} },
  notifications: { ...DEFAULT_NOTIFICATIONS },
  pomodoro: {
    workMinutes: 25,
    shortBreakMinutes: 5,
    longBreakMinutes: 15,
    longBreakEvery: 4,
    autoStart: false,
  },
  dailyGoals: { budget: false, workout: false, focus: false },
};
