// Browser-storage key names that code on the login route needs. Kept free of imports: the
// login route is held to 100 KB gzip (docs/spec.md "Budgets"), and timer.ts pulls in the zod schemas.

/** Where the focus timer lives (docs/spec.md §3). */
export const TIMER_STORAGE_KEY = 'timerState';
