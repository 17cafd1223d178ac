import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import type { TwoFactorRecord } from '../two-factor';

// Conventions (docs/architecture.md, Decisions "Storage engine"): money as integer cents, dates as YYYY-MM-DD text, timestamps as
// ISO-8601 text. Every resource row is keyed by (user_id, id): ids are unique per user only,
// which is what lets two users upload records with the same legacy id.

/**
 * What every record row carries for sync (docs/architecture.md, Decisions "Local-first", "Conflicts"): `rev`, the
 * database-wide change number of the write that last touched it (lists are sent as "what
 * changed since rev N"); `updated_at`, the server's time of that write (the version a client
 * edits from); `edited_at`, the editing device's clock (the later edit wins a conflict).
 */
const syncColumns = {
  rev: integer('rev').notNull().default(0),
  updatedAt: text('updated_at').notNull().default(''),
  editedAt: text('edited_at').notNull().default(''),
  /** The hybrid logical clock stamp of the last edit (src/domain/hlc.ts); '' before stamps. */
  stamp: text('stamp').notNull().default(''),
  /**
   * recordHash (src/domain/digest.ts) of the record as the API returns it, as two unsigned
   * 32-bit halves (the first and last 8 hex digits), written by the store with every write;
   * NULL until computed (rows from before migration 0016, rows changed by SQL outside the
   * store), which the next digest request fills. Triggers keep each user's per-kind count and
   * XOR in kind_digests (docs/architecture.md, "The digest").
   */
  hashHi: integer('hash_hi'),
  hashLo: integer('hash_lo'),
};

export const users = sqliteTable('users', {
  username: text('username').primaryKey(),
  displayName: text('display_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** 两步验证 (server/two-factor.ts TwoFactorRecord) as JSON; null when not set up. */
  twoFactor: text('two_factor', { mode: 'json' }).$type<TwoFactorRecord>(),
  /**
   * A keyed hash of the PM_USERS password last applied to this account (server/users.ts), so a
   * restart applies PM_USERS's password only when that value changed: an in-app change survives.
   */
  appliedPassword: text('applied_password'),
  /**
   * The password is still the one the server generated at first start (server/users.ts
   * createFirstAdmin): sign-in says so, so the app can offer 修改初始密码; any new password clears it.
   */
  initialPassword: integer('initial_password', { mode: 'boolean' }).notNull().default(false),
});

export const sessions = sqliteTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    username: text('username')
      .notNull()
      .references(() => users.username, { onDelete: 'cascade', onUpdate: 'cascade' }),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    lastUsedAt: text('last_used_at').notNull().default(''),
  },
  (t) => [index('sessions_username_idx').on(t.username)],
);

export const accounts = sqliteTable(
  'accounts',
  {
    userId: text('user_id').notNull(),
    id: text('id').notNull(),
    type: text('type').notNull(),
    amountCents: integer('amount_cents').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    date: text('date').notNull(),
    /** The 周期记账 template that wrote the record; null for every other record. */
    templateId: text('template_id'),
    /**
     * 已报销 (1) or 待报销 (0), for expenses in 报销. Existing rows start at 0: nothing recorded
     * says they were paid back, and a wrong 待报销 costs one click where a wrong 已报销 would
     * hide money still owed.
     */
    reimbursed: integer('reimbursed', { mode: 'boolean' }).notNull().default(false),
    /** The income that paid the reimbursement back, when linked. */
    reimbursedBy: text('reimbursed_by'),
    /** 标签 (issue 63) as a JSON array of texts; '[]' for rows from before tags. */
    tags: text('tags').notNull().default('[]'),
    /** The 账户 (wallets) it was paid from or into; null for none (rows from before 账户). */
    walletId: text('wallet_id'),
    ...syncColumns,
  },
  (t) => [
    index('accounts_user_rev_idx').on(t.userId, t.rev, t.id),
    // (user_id) alone orders a user's rows by rowid: a whole list is read along it, 400 rows at
    // a time (sqlite-store.ts, `wholeJson`). Without it SQLite walked the whole table by rowid
    // or, once ANALYZE had run, sorted the user's rows for every read (273 ms for 39k rows).
    index('accounts_user_idx').on(t.userId),
    index('accounts_unhashed_idx').on(t.userId).where(sql`hash_hi IS NULL`),
    primaryKey({ columns: [t.userId, t.id] }),
    index('accounts_user_date_idx').on(t.userId, t.date),
  ],
);

/** 周期记账 templates. `last_date`: the latest occurrence created (or skipped while paused). */
export const recurring = sqliteTable(
  'recurring',
  {
    userId: text('user_id').notNull(),
    id: text('id').notNull(),
    type: text('type').notNull(),
    amountCents: integer('amount_cents').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    every: integer('every').notNull(),
    unit: text('unit').notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    paused: integer('paused', { mode: 'boolean' }).notNull(),
    lastDate: text('last_date').notNull(),
    /** The 账户 its entries are paid from or into (issue 61); null for none. */
    walletId: text('wallet_id'),
    ...syncColumns,
  },
  (t) => [
    index('recurring_user_rev_idx').on(t.userId, t.rev, t.id),
    index('recurring_user_idx').on(t.userId),
    index('recurring_unhashed_idx').on(t.userId).where(sql`hash_hi IS NULL`),
    primaryKey({ columns: [t.userId, t.id] }),
  ],
);

/** 账户 (issue 61): opening balance and 信用卡 额度 in cents; days null for other accounts. */
export const wallets = sqliteTable(
  'wallets',
  {
    userId: text('user_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    openingBalanceCents: integer('opening_balance_cents').notNull(),
    archived: integer('archived', { mode: 'boolean' }).notNull(),
    order: integer('order').notNull(),
    creditLimitCents: integer('credit_limit_cents').notNull(),
    statementDay: integer('statement_day'),
    dueDay: integer('due_day'),
    ...syncColumns,
  },
  (t) => [
    index('wallets_user_rev_idx').on(t.userId, t.rev, t.id),
    index('wallets_user_idx').on(t.userId),
    index('wallets_unhashed_idx').on(t.userId).where(sql`hash_hi IS NULL`),
    primaryKey({ columns: [t.userId, t.id] }),
  ],
);

/** 转账 (issue 61): amount and 手续费 in cents; 标签 as a JSON array of texts. */
export const transfers = sqliteTable(
  'transfers',
  {
    userId: text('user_id').notNull(),
    id: text('id').notNull(),
    fromWalletId: text('from_wallet_id').notNull(),
    toWalletId: text('to_wallet_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    date: text('date').notNull(),
    note: text('note').notNull(),
    tags: text('tags').notNull().default('[]'),
    ...syncColumns,
  },
  (t) => [
    index('transfers_user_rev_idx').on(t.userId, t.rev, t.id),
    index('transfers_user_idx').on(t.userId),
    index('transfers_unhashed_idx').on(t.userId).where(sql`hash_hi IS NULL`),
    primaryKey({ columns: [t.userId, t.id] }),
  ],
);

/**
 * 分类 of one's own (issue 61): the built-in ones keep their codes as ids (an entry's
 * `category` names a category by id), a sub-category names its parent in `parent_id`.
 */
export const categories = sqliteTable(
  'categories',
  {
    userId: text('user_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    parentId: text('parent_id'),
    icon: text('icon').notNull(),
    order: integer('order').notNull(),
    hidden: integer('hidden', { mode: 'boolean' }).notNull(),
    ...syncColumns,
  },
  (t) => [
    index('categories_user_rev_idx').on(t.userId, t.rev, t.id),
    index('categories_user_idx').on(t.userId),
    index('categories_unhashed_idx').on(t.userId).where(sql`hash_hi IS NULL`),
    primaryKey({ columns: [t.userId, t.id] }),
  ],
);

/**
 * One row per user who saved settings (GET answers the defaults for anyone else). Budgets in
 * cents like every amount; the maps (category budgets in cents, the bill import's rule table
 * and counterparty memory) as JSON text, validated by the settings schema on the way in.
 */
export const settings = sqliteTable('settings', {
  userId: text('user_id').primaryKey(),
  monthlyBudgetCents: integer('monthly_budget_cents'),
  categoryBudgetsCents: text('category_budgets_cents').notNull(),
  dailyBudgetMode: text('daily_budget_mode').notNull(),
  dailyBudgetCents: integer('daily_budget_cents').notNull(),
  /** 每月起始日 (1–28); 1, the calendar month, for rows saved before it. */
  monthStartDay: integer('month_start_day').notNull().default(1),
  focusGoalMinutes: integer('focus_goal_minutes').notNull(),
  focusCategories: text('focus_categories').notNull(),
  importRules: text('import_rules').notNull(),
  counterparties: text('counterparties').notNull(),
  /** 设置 → 通知 (JSON): per-kind switches, quiet hours, the browser's time zone. */
  notifications: text('notifications').notNull().default('{}'),
  /** 番茄钟 durations and auto-start as JSON; '{}' reads as the defaults. */
  pomodoro: text('pomodoro').notNull().default('{}'),
  /** 今日目标's switches as JSON; '{}' (rows saved before them) reads as all on. */
  dailyGoals: text('daily_goals').notNull().default('{}'),
  /** 设置's default 账户 for a new entry, or the last one used; null for none. */
  defaultWalletId: text('default_wallet_id'),
  /** The stamp of the change that wrote them (hlc.ts); '' for settings saved before stamps. */
  stamp: text('stamp').notNull().default(''),
  updatedAt: text('updated_at').notNull(),
});

export const assets = sqliteTable(
  'assets',
  {
    userId: text('user_id').notNull(),
    id: text('id').notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    date: text('date').notNull(),
    effectiveDate: text('effective_date').notNull(),
    version: integer('version').notNull(),
    originalId: text('original_id'),
    previousVersionId: text('previous_version_id'),
    ...syncColumns,
  },
  (t) => [
    index('assets_user_rev_idx').on(t.userId, t.rev, t.id),
    index('assets_user_idx').on(t.userId),
    index('assets_unhashed_idx').on(t.userId).where(sql`hash_hi IS NULL`),
    primaryKey({ columns: [t.userId, t.id] }),
    index('assets_user_original_idx').on(t.userId, t.originalId),
  ],
);

export const assetHistory = sqliteTable(
  'asset_history',
  {
    userId: text('user_id').notNull(),
    id: text('id').notNull(),
    assetId: text('asset_id').notNull(),
    assetName: text('asset_name').notNull(),
    action: text('action').notNull(),
    /** JSON snapshot, or null. */
    oldData: text('old_data'),
    newData: text('new_data'),
    timestamp: text('timestamp').notNull(),
    ...syncColumns,
  },
  (t) => [
    index('asset_history_user_rev_idx').on(t.userId, t.rev, t.id),
    index('asset_history_user_idx').on(t.userId),
    index('asset_history_unhashed_idx').on(t.userId).where(sql`hash_hi IS NULL`),
    primaryKey({ columns: [t.userId, t.id] }),
    index('asset_history_user_asset_idx').on(t.userId, t.assetId),
  ],
);

export const workouts = sqliteTable(
  'workouts',
  {
    userId: text('user_id').notNull(),
    id: text('id').notNull(),
    type: text('type').notNull(),
    duration: integer('duration').notNull(),
    calories: integer('calories'),
    notes: text('notes').notNull(),
    date: text('date').notNull(),
    createdAt: text('created_at').notNull(),
    /** 标签 (issue 63) as a JSON array of texts; '[]' for rows from before tags. */
    tags: text('tags').notNull().default('[]'),
    ...syncColumns,
  },
  (t) => [
    index('workouts_user_rev_idx').on(t.userId, t.rev, t.id),
    index('workouts_user_idx').on(t.userId),
    index('workouts_unhashed_idx').on(t.userId).where(sql`hash_hi IS NULL`),
    primaryKey({ columns: [t.userId, t.id] }),
    index('workouts_user_date_idx').on(t.userId, t.date),
  ],
);

export const timeRecords = sqliteTable(
  'time_records',
  {
    userId: text('user_id').notNull(),
    id: text('id').notNull(),
    task: text('task').notNull(),
    category: text('category').notNull(),
    duration: integer('duration').notNull(),
    date: text('date').notNull(),
    createdAt: text('created_at').notNull(),
    /** The task focused on (/time?focusTask=), '' for none. */
    taskId: text('task_id').notNull().default(''),
    /** 标签 (issue 63) as a JSON array of texts; '[]' for rows from before tags. */
    tags: text('tags').notNull().default('[]'),
    ...syncColumns,
  },
  (t) => [
    index('time_records_user_rev_idx').on(t.userId, t.rev, t.id),
    index('time_records_user_idx').on(t.userId),
    index('time_records_unhashed_idx').on(t.userId).where(sql`hash_hi IS NULL`),
    primaryKey({ columns: [t.userId, t.id] }),
    index('time_records_user_date_idx').on(t.userId, t.date),
  ],
);

export const tasks = sqliteTable(
  'tasks',
  {
    userId: text('user_id').notNull(),
    id: text('id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    priority: text('priority').notNull(),
    category: text('category').notNull(),
    dueDate: text('due_date').notNull(),
    completed: integer('completed', { mode: 'boolean' }).notNull(),
    completedAt: text('completed_at'),
    createdAt: text('created_at').notNull(),
    // Issue 36: repeats, time of day, checklist (JSON array) and reminders (JSON array of minutes).
    repeat: text('repeat').notNull().default(''),
    repeatFrom: text('repeat_from').notNull().default('due'),
    seriesId: text('series_id').notNull().default(''),
    dueTime: text('due_time').notNull().default(''),
    subtasks: text('subtasks').notNull().default('[]'),
    reminders: text('reminders').notNull().default('[]'),
    /** 标签 (issue 63) as a JSON array of texts; '[]' for rows from before tags. */
    tags: text('tags').notNull().default('[]'),
    rev: syncColumns.rev,
    updatedAt: text('updated_at').notNull(),
    editedAt: syncColumns.editedAt,
    stamp: syncColumns.stamp,
    hashHi: syncColumns.hashHi,
    hashLo: syncColumns.hashLo,
  },
  (t) => [
    index('tasks_user_rev_idx').on(t.userId, t.rev, t.id),
    index('tasks_user_idx').on(t.userId),
    index('tasks_unhashed_idx').on(t.userId).where(sql`hash_hi IS NULL`),
    primaryKey({ columns: [t.userId, t.id] }),
    index('tasks_user_due_idx').on(t.userId, t.dueDate),
  ],
);

export const checkinTasks = sqliteTable(
  'checkin_tasks',
  {
    userId: text('user_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    type: text('type').notNull(),
    frequency: integer('frequency').notNull(),
    monthlyTarget: integer('monthly_target').notNull(),
    category: text('category').notNull(),
    // Measurable habits, schedules, vacations and the list's care (issue 37). The defaults make
    // every habit stored before them a yes/no habit due every day.
    kind: text('kind').notNull().default('boolean'),
    unit: text('unit').notNull().default(''),
    target: real('target').notNull().default(1),
    targetType: text('target_type').notNull().default('atLeast'),
    targetPeriod: text('target_period').notNull().default('day'),
    /** JSON: [{from, weekdays}], see checkin schema. */
    schedule: text('schedule').notNull().default('[]'),
    archived: integer('archived').notNull().default(0),
    sortOrder: real('sort_order').notNull().default(0),
    /** JSON: [{start, end}]. */
    vacations: text('vacations').notNull().default('[]'),
    reminderTime: text('reminder_time').notNull().default(''),
    ...syncColumns,
  },
  (t) => [
    index('checkin_tasks_user_rev_idx').on(t.userId, t.rev, t.id),
    index('checkin_tasks_user_idx').on(t.userId),
    index('checkin_tasks_unhashed_idx').on(t.userId).where(sql`hash_hi IS NULL`),
    primaryKey({ columns: [t.userId, t.id] }),
  ],
);

export const checkinRecords = sqliteTable(
  'checkin_records',
  {
    userId: text('user_id').notNull(),
    id: text('id').notNull(),
    taskId: text('task_id').notNull(),
    date: text('date').notNull(),
    /** What the day counted; every check-in from before values existed counts 1. */
    value: real('value').notNull().default(1),
    skipped: integer('skipped').notNull().default(0),
    ...syncColumns,
  },
  (t) => [
    index('checkin_records_user_rev_idx').on(t.userId, t.rev, t.id),
    index('checkin_records_user_idx').on(t.userId),
    index('checkin_records_unhashed_idx').on(t.userId).where(sql`hash_hi IS NULL`),
    primaryKey({ columns: [t.userId, t.id] }),
    // One record per task per day; also serves listing by user and the cascade from tasks.
    uniqueIndex('checkin_records_user_task_date_idx').on(t.userId, t.taskId, t.date),
    index('checkin_records_user_date_idx').on(t.userId, t.date),
    foreignKey({
      columns: [t.userId, t.taskId],
      foreignColumns: [checkinTasks.userId, checkinTasks.id],
    }).onDelete('cascade'),
  ],
);

/** A deleted record, so that "what changed since rev N" can say it is gone. */
/**
 * Each user's digest of each kind (src/domain/digest.ts): the number of records and the XOR of
 * their hashes (hash_hi, hash_lo of the rows), kept by triggers on every record table
 * (migration 0016). A row whose hash is NULL counts but adds nothing to the XOR until hashed.
 */
export const kindDigests = sqliteTable(
  'kind_digests',
  {
    userId: text('user_id').notNull(),
    kind: text('kind').notNull(),
    count: integer('count').notNull().default(0),
    hashHi: integer('hash_hi').notNull().default(0),
    hashLo: integer('hash_lo').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

export const tombstones = sqliteTable(
  'tombstones',
  {
    userId: text('user_id').notNull(),
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    rev: integer('rev').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.id] }),
    index('tombstones_user_kind_rev_idx').on(t.userId, t.kind, t.rev),
  ],
);

/**
 * Each user's last change number: a write takes the next one of its user only, so a cursor
 * moves with its owner's writes and says nothing about anyone else's (issue 39). A user without
 * a row starts from sync_rev's row 1.
 */
export const userRevs = sqliteTable('user_revs', {
  userId: text('user_id').primaryKey(),
  rev: integer('rev').notNull(),
});

/**
 * Row 1: where every user's change numbers start: the last global number handed out before
 * numbers were per user (above every cursor of that time), or the floor of a restore. Row 2,
 * only after a backup was restored: the number that restored history started from (the floor
 * below which a device's cursor names another history; see restartSyncHistory).
 */
export const syncRev = sqliteTable('sync_rev', {
  id: integer('id').primaryKey(),
  rev: integer('rev').notNull(),
});

/**
 * A browser's Web Push subscription (PushSubscription.toJSON()), per user: the same browser
 * signed in as two users holds two rows, each only ever reached with its own user's reminders.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    userId: text('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    expirationTime: integer('expiration_time'),
    deviceName: text('device_name').notNull().default(''),
    createdAt: text('created_at').notNull(),
    /**
     * The session that subscribed: ending it (退出登录, 退出其他设备, a password change, a cap)
     * deletes the subscription with it. Null only for rows from before this column.
     */
    sessionHash: text('session_hash').references(() => sessions.tokenHash, {
      onDelete: 'cascade',
    }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.endpoint] })],
);

/**
 * One row per reminder occurrence (`key` names what rings, `occurrence` which time of it):
 * written and committed before anything is sent, so a crash can repeat a send but never lose
 * or double-schedule one (server/push/scheduler.ts). The same rows are the 通知中心 inbox.
 * `status`: pending (recorded, not yet known sent), sent.
 */
export const pushDeliveries = sqliteTable(
  'push_deliveries',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    occurrence: text('occurrence').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url').notNull(),
    status: text('status').notNull(),
    /** When it was due (ISO-8601). */
    dueAt: text('due_at').notNull(),
    createdAt: text('created_at').notNull(),
    sentAt: text('sent_at'),
    read: integer('read', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key, t.occurrence] }),
    index('push_deliveries_user_created_idx').on(t.userId, t.createdAt),
    index('push_deliveries_status_idx').on(t.status),
  ],
);

/** One-off reminders at a given time: the end of a focus phase, a 推迟1小时 snooze. */
export const pushOneOffs = sqliteTable(
  'push_one_offs',
  {
    userId: text('user_id').notNull(),
    id: text('id').notNull(),
    kind: text('kind').notNull(),
    at: text('at').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url').notNull(),
    /** JSON: what the notification's actions act on (a task id for a snoozed task reminder). */
    data: text('data').notNull().default('{}'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] })],
);

/**
 * 通行密钥 (WebAuthn credentials). `id` is the credential id (base64url), unique across users;
 * `public_key` the COSE key (base64url); `transports` comma-separated, as the browser named them.
 */
export const passkeys = sqliteTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    username: text('username')
      .notNull()
      .references(() => users.username, { onDelete: 'cascade', onUpdate: 'cascade' }),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports').notNull().default(''),
    name: text('name').notNull(),
    createdAt: text('created_at').notNull(),
    lastUsedAt: text('last_used_at').notNull().default(''),
  },
  (t) => [index('passkeys_username_idx').on(t.username)],
);

/**
 * 提醒渠道 (issue 62): per user and channel (ntfy, bark, email) what the user chose — a topic,
 * a device key, an address — never a server address, which only the administrator sets
 * (NTFY_URL, BARK_URL, SMTP_URL). `failures` counts sends that failed in a row; at 10 the
 * channel is switched off and 发送测试 switches it on again.
 */
export const reminderChannels = sqliteTable(
  'reminder_channels',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.username, { onDelete: 'cascade', onUpdate: 'cascade' }),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(false),
    failures: integer('failures').notNull().default(0),
    lastError: text('last_error').notNull().default(''),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channel] })],
);

/**
 * One row per reminder occurrence and channel, written in the same transaction as its
 * push_deliveries row and before anything is sent: each channel gets a reminder once, across
 * crashes (server/push/scheduler.ts). `status`: pending, sent, failed (given up);
 * `next_at`: when a pending one is tried (again).
 */
export const channelSends = sqliteTable(
  'channel_sends',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    occurrence: text('occurrence').notNull(),
    channel: text('channel').notNull(),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAt: text('next_at').notNull(),
    error: text('error').notNull().default(''),
    createdAt: text('created_at').notNull(),
    sentAt: text('sent_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key, t.occurrence, t.channel] }),
    index('channel_sends_status_idx').on(t.status, t.nextAt),
  ],
);

/**
 * 设置 → 日历订阅 (issue 59): one secret feed address per user, /api/calendar/<token>.ics. Only
 * the token's SHA-256 is kept, as with sessions, so a copy of the database does not hand out
 * anyone's calendar; 重置链接 replaces the row, and the old address then answers 404.
 */
export const calendarFeeds = sqliteTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.username, { onDelete: 'cascade', onUpdate: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: text('created_at').notNull(),
});
