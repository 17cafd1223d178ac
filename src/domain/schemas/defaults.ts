import type { timeCategories } from './categories';

// Values of the schemas that screens use too, here without zod: anything a screen imports at
// startup must not load zod (resources.ts). The schemas import them from here.

/** The task name of a quick start (docs/spec.md §5). */
export const DEFAULT_FOCUS_TASK = '专注时间';

/** The longest time record, in seconds: one entry never holds more than a day. */
export const MAX_TIME_RECORD_SECONDS = 86_400;

/** How many remembered names a rule map may hold: a bill import must never grow it unbounded. */
export const MAX_REMEMBERED = 5000;

export const DEFAULT_FOCUS_CATEGORIES = [
  'work',
  'study',
  'programming',
  'design',
  'writing',
] as const satisfies readonly (typeof timeCategories)[number][];
