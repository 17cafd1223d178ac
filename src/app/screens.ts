// The signed-in screens by path: the module under src/features that draws each, whose export
// is named after the file. Read by the router (src/app/router.tsx) and by the build, which
// writes into /boot.js the chunks each path opens with (scripts/vite-opening-preloads.ts).

export const SCREEN_FILES = {
  '/': 'dashboard/DashboardScreen',
  '/accounting': 'accounting/AccountingScreen',
  '/assets': 'assets/AssetsScreen',
  '/fitness': 'fitness/FitnessScreen',
  '/time': 'time/TimeScreen',
  '/tasks': 'tasks/TasksScreen',
  '/checkin': 'checkin/CheckinScreen',
  '/settings': 'settings/SettingsScreen',
  '/calendar': 'calendar/CalendarScreen',
  '/tags': 'tags/TagsScreen',
  '/categories': 'accounting/CategoriesScreen',
  '/tags/:name': 'tags/TagScreen',
} as const;

export type ScreenPath = keyof typeof SCREEN_FILES;

/** The module, from the project's root, that every signed-in screen is drawn inside. */
export const SHELL_FILE = 'src/app/Layout.tsx';
