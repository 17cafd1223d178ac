import type { Digest } from '../src/domain/digest';
import type { RecordOf, ResourceName } from '../src/domain/resources';
import type { Asset } from '../src/domain/schemas/asset';
import type { CheckinRecord, CheckinTask } from '../src/domain/schemas/checkin';
import type { RecurringTemplate } from '../src/domain/schemas/recurring';
import type { Settings } from '../src/domain/schemas/settings';
import type { DashboardAggregates } from '../src/domain/stats';
import type { TwoFactorRecord } from './two-factor';

/** What changed for one user in one kind since a change number (docs/architecture.md, Decisions "Local-first"). */
export interface Changes<T> {
  /** Records written (created or replaced) after the number, in the order they were first stored. */
  records: T[];
  /** Ids of records deleted after it. */
  deleted: string[];
  /** The number to ask from next time: everything up to it is in this answer. */
  cursor: number;
  /**
   * Set when the number asked from belongs to a history this store no longer has: a backup was
   * restored after it was handed out (it is above the current number, or below the number the
   * restore started from). `records` is then everything, as for 0: a copy must replace what it
   * holds, which may include writes the backup never saw and miss records deleted since.
   */
  reset?: true;
  /**
   * Only in a page of a full download (see `Page`): whether records are left after this page.
   * `cursor` is then the page's snapshot number (`upto`), the same in every page of a download.
   */
  more?: boolean;
  /** With `more: true`: the last record's key `<rev>.<id>`, to ask the next page after. */
  after?: string;
}

/**
 * One page of a full download (since 0, or an answer with `reset`), so that no list is ever
 * built whole (39k records make one 9.6 MB string and a 200–360 MB RSS peak). Records
 * come in (change number, id) order, after the key `after`, and only those with a number up to
 * `upto`, the cursor of the first page: a snapshot. Records changed while the device pages have
 * a number above it and come by the delta from `upto`, deletions as tombstones above it. Many
 * rows share a number (a batch takes one; migrated rows all have 1), hence the id in the key.
 */
export interface Page {
  /** At most this many records. */
  limit: number;
  /** The last key of the previous page; absent on the first. */
  after?: { rev: number; id: string };
  /**
   * The first page's cursor; absent on the first. One the store never handed out, or from a
   * history a restore replaced, starts the download over: the first page again, with `reset`.
   */
  upto?: number;
}

/**
 * How a client asks for the records of a GET ?since= answer: 'columns' or 'packed' (columns
 * with some of them packed, src/domain/columns.ts) from a store that builds them; a store that
 * does not answers with `records`, which every client reads too.
 */
export type Shape = 'columns' | 'packed';

/**
 * JSON as UTF-8 bytes: whole, or as pieces, each made when it is taken, for a list too long to
 * be held whole in memory (the SQLite store's `wholeJson`).
 */
export type JsonBytes = Uint8Array<ArrayBuffer> | Iterable<Uint8Array<ArrayBuffer>>;

/** GET <path>/digest's answer (docs/architecture.md, "The digest"). */
export interface DigestAnswer extends Digest {
  /** The change number the digest is current to. */
  cursor: number;
  /** With `ids`: every record's id and hash. */
  ids?: [string, string][];
}

/**
 * One user's records of one kind. Every call is scoped by `userId`: ids are unique per user
 * only, and a user can never see, change or delete another user's record through it.
 * Lists come back in insertion order (oldest first); callers sort for display.
 */
export interface RecordStore<T extends { id: string }> {
  list(userId: string): Promise<T[]>;
  /**
   * The same list as `list`, as JSON text (an array) in UTF-8 bytes, for the hot GET path: a
   * store that can build the text itself (SQLite, in SQL) spares the route reading every row
   * into an object and stringifying it again. Optional: the route falls back to `list`.
   */
  listJson?(userId: string): Promise<JsonBytes>;
  /**
   * What changed since change number `since`; 0 means everything there is (and no deletions).
   * Every write takes a new number, database-wide, in the transaction that writes it.
   * With `page`, a full download answers one page of it (see `Page`); a delta ignores `page`.
   */
  changes(userId: string, since: number, page?: Page): Promise<Changes<T>>;
  /**
   * `changes` as JSON text `{"records":[…],"deleted":[…],"cursor":n}` (+ `"reset":true`, and
   * `"more"`/`"after"` for a page), like `listJson`. With a `shape`, `"columns":{…}`
   * (src/domain/columns.ts) stands in place of `"records"`.
   */
  changesJson?(userId: string, since: number, page?: Page, shape?: Shape): Promise<JsonBytes>;
  get(userId: string, id: string): Promise<T | undefined>;
  /**
   * Inserts `record`. When the user already has a record with that id, nothing is written
   * and the stored record comes back with `created: false` — this is what makes re-uploads harmless.
   */
  create(userId: string, record: T): Promise<{ record: T; created: boolean }>;
  /**
   * `create` for many records in one transaction, results in input order. An upload of ten
   * years of data is ~110k records: one fsync per record would take minutes, one per batch
   * takes seconds (docs/spec.md "Budgets").
   */
  createMany(userId: string, records: T[]): Promise<{ record: T; created: boolean }[]>;
  /** Replaces the record with the same id; undefined when the user has none. */
  update(userId: string, record: T): Promise<T | undefined>;
  /** True when a record was removed. */
  remove(userId: string, id: string): Promise<boolean>;
  /**
   * Whether the user's record `id` was deleted and not written again since (it has a
   * tombstone): a create sent again after a lost answer must not bring it back.
   */
  wasDeleted(userId: string, id: string): Promise<boolean>;
  /**
   * The digest of the user's records of the kind (src/domain/digest.ts): always that of what
   * the store holds, each record's hash taken of it as `get` answers it. With `ids`, every
   * record's id and hash too, for a device whose digest differed.
   */
  digest(userId: string, ids?: boolean): Promise<DigestAnswer>;
}

export interface AssetStore extends RecordStore<Asset> {
  /** Removes every version of a chain: records whose id or originalId is `chainId`. Returns how many. */
  removeChain(userId: string, chainId: string): Promise<number>;
}

/** `remove` also removes the task's check-in records. */
type CheckinTaskStore = RecordStore<CheckinTask>;

/**
 * `create` is idempotent on (taskId, date) as well as on id: a second record for the same
 * task and day returns the existing one with `created: false`. The task must exist.
 */
type CheckinRecordStore = RecordStore<CheckinRecord>;

/**
 * 周期记账 templates. `lastDate` only moves forward: `markDone` never moves it back, and
 * `update` keeps the stored one when it is later than the record's (a catch-up that ran
 * between an edit's read and its write must not be undone by the edit).
 */
export interface RecurringStore extends RecordStore<RecurringTemplate> {
  /** Sets lastDate to `date` unless it is already that late. */
  markDone(userId: string, id: string, date: string): Promise<void>;
  /** Every user with at least one template, for the catch-up at start and on the hour. */
  userIds(): Promise<string[]>;
}

/** One settings record per user; `get` is undefined for a user who never saved any. */
export interface SettingsStore {
  get(userId: string): Promise<Settings | undefined>;
  /** Creates or replaces the user's settings and returns them as stored. */
  put(userId: string, settings: Settings, now: string): Promise<Settings>;
}

export interface UserRecord {
  username: string;
  displayName: string;
  /** Opaque string produced by a PasswordHasher. */
  passwordHash: string;
  /** 两步验证, when set up; null or absent when not. */
  twoFactor?: TwoFactorRecord | null;
  /**
   * A PasswordHasher hash of the PM_USERS password last applied to the account (users.ts
   * applyUserSpec); null or absent when PM_USERS never set it.
   */
  appliedPassword?: string | null;
  /** The password is still the generated first one (users.ts createFirstAdmin). */
  initialPassword?: boolean;
}

export interface UserStore {
  get(username: string): Promise<UserRecord | undefined>;
  count(): Promise<number>;
  /**
   * Creates the user or replaces its display name and password hash. `twoFactor`,
   * `appliedPassword` and `initialPassword` are replaced only when the record names them
   * (undefined keeps them).
   */
  upsert(user: UserRecord): Promise<void>;
  /**
   * Spends TOTP step `step` of the secret `secret`: true when it was later than the last step
   * spent and now is the last; false when it or a later one was spent already, or 两步验证 is off
   * or was set up anew with another secret. One conditional write, never a read and then a
   * write: of parallel sign-ins with one code, exactly one wins.
   */
  spendTotpStep(username: string, secret: string, step: number): Promise<boolean>;
  /** Removes the recovery code with this hash: true when this call found it and used it up. */
  spendRecoveryCode(username: string, hash: string): Promise<boolean>;
}

export interface SessionRecord {
  /** SHA-256 of the token, hex; the token itself is never stored. */
  tokenHash: string;
  username: string;
  /** ISO-8601. */
  createdAt: string;
  /** ISO-8601. */
  expiresAt: string;
  /** The browser's User-Agent at sign-in, for 登录设备; '' when unknown. */
  userAgent?: string;
  /** ISO-8601, to the few minutes (see requireSession); '' until first recorded. */
  lastUsedAt?: string;
}

export interface SessionStore {
  create(session: SessionRecord): Promise<void>;
  get(tokenHash: string): Promise<SessionRecord | undefined>;
  remove(tokenHash: string): Promise<void>;
  /**
   * Revokes every session of a user (after a password change). The push subscriptions they
   * made go with them, and so do those stored before subscriptions had a session.
   */
  removeForUser(username: string): Promise<void>;
  /** Revokes every session of a user but `keep` (退出其他设备), as `removeForUser` does. */
  removeOthers(username: string, keep: string): Promise<void>;
  /** A user's sessions, oldest first. */
  listForUser(username: string): Promise<SessionRecord[]>;
  /** Records that the session was used at `at` (ISO-8601). */
  touch(tokenHash: string, at: string): Promise<void>;
  /** Drops sessions whose expiresAt is before `now` (ISO-8601). */
  removeExpired(now: string): Promise<void>;
  /**
   * Keeps the user's `keep` newest sessions (by createdAt, then by when they were stored) and
   * drops the others; answers how many went.
   */
  trimForUser(username: string, keep: number): Promise<number>;
}

/** One 通行密钥 (WebAuthn credential) of a user. */
export interface PasskeyRecord {
  /** The credential id, base64url; unique across users. */
  id: string;
  username: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter as last seen (0 for those that keep none). */
  counter: number;
  /** How the browser said it can reach the authenticator ('internal', 'usb', 'hybrid'…). */
  transports: string[];
  name: string;
  /** ISO-8601. */
  createdAt: string;
  /** ISO-8601; '' until first used to sign in. */
  lastUsedAt: string;
}

/** Every call that names a user is scoped to them: nobody reaches another's passkeys by id. */
export interface PasskeyStore {
  create(passkey: PasskeyRecord): Promise<void>;
  /** By credential id alone: a sign-in without a username learns the user from it. */
  get(id: string): Promise<PasskeyRecord | undefined>;
  /** A user's passkeys, oldest first. */
  listForUser(username: string): Promise<PasskeyRecord[]>;
  /** True when the user had it and it is gone. */
  remove(username: string, id: string): Promise<boolean>;
  /** After a sign-in: the new counter and when. */
  markUsed(id: string, counter: number, at: string): Promise<void>;
}

/** One store per kind of the registry (src/domain/resources.ts), by its name. */
export type ResourceStores = { [K in ResourceName]: RecordStore<RecordOf<K>> } & {
  assets: AssetStore;
  checkinTasks: CheckinTaskStore;
  checkinRecords: CheckinRecordStore;
  recurring: RecurringStore;
};

export interface Store extends ResourceStores {
  settings: SettingsStore;
  users: UserStore;
  sessions: SessionStore;
  passkeys: PasskeyStore;
  /** The dashboard's sums for `today`, without sending any list (GET /api/summary). */
  dashboard(userId: string, today: string): Promise<DashboardAggregates>;
  close(): void;
}

/** Injected password hashing: scrypt on Node (node-auth.ts), PBKDF2 in the browser demo (web-auth.ts). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
}
