import type { Account } from '../src/domain/schemas/account';
import type { Asset, AssetHistoryEntry } from '../src/domain/schemas/asset';
import type { CheckinRecord, CheckinTask } from '../src/domain/schemas/checkin';
import type { Task } from '../src/domain/schemas/task';
import type { TimeRecord } from '../src/domain/schemas/time-record';
import type { Workout } from '../src/domain/schemas/workout';

/**
 * One user's records of one kind. Every call is scoped by `userId`: ids are unique per user
 * only, and a user can never see, change or delete another user's record through it.
 * Lists come back in insertion order (oldest first); callers sort for display.
 */
export interface RecordStore<T extends { id: string }> {
  list(userId: string): Promise<T[]>;
  /**
   * The same list as `list`, as JSON text (an array), for the hot GET path: a store that can
   * build the text itself (SQLite, in SQL) spares the route reading every row into an object
   * and stringifying it again. Optional: the route falls back to `list`.
   */
  listJson?(userId: string): Promise<string>;
  get(userId: string, id: string): Promise<T | undefined>;
  /**
   * Inserts `record`. When the user already has a record with that id, nothing is written
   * and the stored record comes back with `created: false` — this is what makes re-uploads harmless.
   */
  create(userId: string, record: T): Promise<{ record: T; created: boolean }>;
  /**
   * `create` for many records in one transaction, results in input order. An upload of ten
   * years of data is ~110k records: one fsync per record would take minutes, one per batch
   * takes seconds (DESIGN §6).
   */
  createMany(userId: string, records: T[]): Promise<{ record: T; created: boolean }[]>;
  /** Replaces the record with the same id; undefined when the user has none. */
  update(userId: string, record: T): Promise<T | undefined>;
  /** True when a record was removed. */
  remove(userId: string, id: string): Promise<boolean>;
}

export interface AssetStore extends RecordStore<Asset> {
  /** Removes every version of a chain: records whose id or originalId is `chainId`. Returns how many. */
  removeChain(userId: string, chainId: string): Promise<number>;
}

/** `remove` also removes the task's check-in records. */
export type CheckinTaskStore = RecordStore<CheckinTask>;

/**
 * `create` is idempotent on (taskId, date) as well as on id: a second record for the same
 * task and day returns the existing one with `created: false`. The task must exist.
 */
export type CheckinRecordStore = RecordStore<CheckinRecord>;

export interface UserRecord {
  username: string;
  displayName: string;
  /** Opaque string produced by a PasswordHasher. */
  passwordHash: string;
}

export interface UserStore {
  get(username: string): Promise<UserRecord | undefined>;
  count(): Promise<number>;
  /** Creates the user or replaces its display name and password hash. */
  upsert(user: UserRecord): Promise<void>;
}

export interface SessionRecord {
  /** SHA-256 of the token, hex; the token itself is never stored. */
  tokenHash: string;
  username: string;
  /** ISO-8601. */
  createdAt: string;
  /** ISO-8601. */
  expiresAt: string;
}

export interface SessionStore {
  create(session: SessionRecord): Promise<void>;
  get(tokenHash: string): Promise<SessionRecord | undefined>;
  remove(tokenHash: string): Promise<void>;
  /** Revokes every session of a user (after a password change). */
  removeForUser(username: string): Promise<void>;
  /** Drops sessions whose expiresAt is before `now` (ISO-8601). */
  removeExpired(now: string): Promise<void>;
}

export interface Store {
  accounts: RecordStore<Account>;
  assets: AssetStore;
  assetHistory: RecordStore<AssetHistoryEntry>;
  workouts: RecordStore<Workout>;
  tasks: RecordStore<Task>;
  timeRecords: RecordStore<TimeRecord>;
  checkinTasks: CheckinTaskStore;
  checkinRecords: CheckinRecordStore;
  users: UserStore;
  sessions: SessionStore;
  close(): void;
}

/** The resource stores, by the key the HTTP router uses. */
export type ResourceKey = Exclude<keyof Store, 'users' | 'sessions' | 'close'>;

/** Injected password hashing: scrypt on Node (node-auth.ts), PBKDF2 in the browser demo (web-auth.ts). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
}
