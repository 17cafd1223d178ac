import { EMPTY_HASH, recordHash, xorHash } from '../src/domain/digest';
import { RESOURCE_NAMES, type RecordOf, type ResourceName } from '../src/domain/resources';
import type { Asset } from '../src/domain/schemas/asset';
import type { CheckinRecord, CheckinTask } from '../src/domain/schemas/checkin';
import type { RecurringTemplate } from '../src/domain/schemas/recurring';
import type { Settings } from '../src/domain/schemas/settings';
import { dashboardAggregates } from '../src/domain/stats';
import type {
  AssetStore,
  Changes,
  DigestAnswer,
  Page,
  PasskeyRecord,
  PasskeyStore,
  RecordStore,
  RecurringStore,
  ResourceStores,
  SessionRecord,
  SessionStore,
  SettingsStore,
  Store,
  UserRecord,
  UserStore,
} from './store';

// Runtime-agnostic (the browser demo runs it): no Node imports. Records are cloned on the way
// in and out so that a caller mutating a returned object never changes what is stored.
const clone = <T>(value: T): T => structuredClone(value);

/**
 * The memory store's change numbers, one counter per user for every kind, as in SQLite's
 * user_revs: a user's cursor moves with their own writes only. `rev` is where a user's counter
 * starts (a snapshot from before per-user numbers: its last global number, above every cursor
 * handed out then).
 */
interface Revisions {
  rev: number;
  byUser: Record<string, number>;
}

const currentRev = (counter: Revisions, userId: string) => counter.byUser[userId] ?? counter.rev;

/** One kind's records of every user, with the change number of each and the deletions. */
interface KindData<T> {
  records: Record<string, T[]>;
  /** Per user: record id → change number of its last write. */
  revs?: Record<string, Record<string, number>>;
  /** Per user: deleted id → change number of the delete. */
  deleted?: Record<string, Record<string, number>>;
}

class MemoryRecordStore<T extends { id: string }> implements RecordStore<T> {
  protected readonly byUser = new Map<string, Map<string, T>>();
  private readonly revs = new Map<string, Map<string, number>>();
  private readonly deleted = new Map<string, Map<string, number>>();
  /** Per user: record id → recordHash, filled by `digest`, each dropped when its record is written. */
  private readonly hashes = new Map<string, Map<string, string>>();

  constructor(protected readonly counter: Revisions) {}

  /** Every user's records, for a snapshot. */
  dump(): KindData<T> {
    const plain = <V>(map: Map<string, Map<string, V>>) =>
      Object.fromEntries([...map].map(([user, m]) => [user, Object.fromEntries(m)]));
    return {
      records: Object.fromEntries(
        [...this.byUser].map(([user, records]) => [user, [...records.values()]]),
      ),
      revs: plain(this.revs),
      deleted: plain(this.deleted),
    };
  }

  load(data?: KindData<T>): void {
    for (const [user, records] of Object.entries(data?.records ?? {})) {
      this.byUser.set(user, new Map(records.map((r) => [r.id, clone(r)])));
      this.hashes.delete(user);
    }
    for (const [user, revs] of Object.entries(data?.revs ?? {})) {
      this.revs.set(user, new Map(Object.entries(revs)));
    }
    for (const [user, deleted] of Object.entries(data?.deleted ?? {})) {
      this.deleted.set(user, new Map(Object.entries(deleted)));
    }
  }

  protected records(userId: string): Map<string, T> {
    return mapOf(this.byUser, userId);
  }

  /** The stored record that makes `record` a duplicate, if any (override to add rules). */
  protected duplicateOf(userId: string, record: T): T | undefined {
    return this.records(userId).get(record.id);
  }

  /** Stores `record` under the change number `rev` (a write's one number, as in SQLite). */
  protected put(userId: string, record: T, rev: number): void {
    this.records(userId).set(record.id, clone(record));
    mapOf(this.hashes, userId).delete(record.id);
    mapOf(this.revs, userId).set(record.id, rev);
    mapOf(this.deleted, userId).delete(record.id);
  }

  /** Removes one record and remembers the deletion under `rev`. */
  protected drop(userId: string, id: string, rev: number): boolean {
    if (!this.records(userId).delete(id)) return false;
    mapOf(this.hashes, userId).delete(id);
    mapOf(this.revs, userId).delete(id);
    mapOf(this.deleted, userId).set(id, rev);
    return true;
  }

  protected nextRev(userId: string): number {
    const rev = currentRev(this.counter, userId) + 1;
    this.counter.byUser[userId] = rev;
    return rev;
  }

  async list(userId: string): Promise<T[]> {
    return [...this.records(userId).values()].map(clone);
  }

  async changes(userId: string, asked: number, page?: Page): Promise<Changes<T>> {
    // A number never handed out: the history it came from is not this one (see Changes.reset).
    const current = currentRev(this.counter, userId);
    const reset = asked > current;
    const since = reset ? 0 : asked;
    if (since === 0 && page) return this.page(userId, page, reset);
    const revs = mapOf(this.revs, userId);
    const records = [...this.records(userId).values()]
      .filter((r) => since === 0 || (revs.get(r.id) ?? 0) > since)
      .map(clone);
    const deleted =
      since === 0
        ? []
        : [...mapOf(this.deleted, userId)].filter(([, rev]) => rev > since).map(([id]) => id);
    const cursor = current;
    return reset ? { records, deleted, cursor, reset } : { records, deleted, cursor };
  }

  /** One page of a full download, in (change number, id) order (see Page). */
  private page(userId: string, page: Page, reset: boolean): Changes<T> {
    // An `upto` never handed out starts the download over, as a cursor never handed out does.
    const current = currentRev(this.counter, userId);
    const restart = page.upto !== undefined && (page.upto === 0 || page.upto > current);
    const upto = page.upto === undefined || restart ? current : page.upto;
    const after = restart ? undefined : page.after;
    const revs = mapOf(this.revs, userId);
    const keyed = [...this.records(userId).values()]
      .map((record) => ({ record, rev: revs.get(record.id) ?? 0 }))
      .filter(
        ({ record, rev }) =>
          rev <= upto &&
          (after === undefined || rev > after.rev || (rev === after.rev && record.id > after.id)),
      )
      .sort((a, b) => a.rev - b.rev || (a.record.id < b.record.id ? -1 : 1));
    const taken = keyed.slice(0, page.limit);
    const more = keyed.length > taken.length;
    const last = taken.at(-1);
    return {
      records: taken.map(({ record }) => clone(record)),
      deleted: [],
      cursor: upto,
      ...(reset || restart ? { reset: true as const } : {}),
      more,
      ...(more && last ? { after: `${last.rev}.${last.record.id}` } : {}),
    };
  }

  async get(userId: string, id: string): Promise<T | undefined> {
    const record = this.records(userId).get(id);
    return record && clone(record);
  }

  protected insert(userId: string, record: T, rev: number): { record: T; created: boolean } {
    const existing = this.duplicateOf(userId, record);
    if (existing) return { record: clone(existing), created: false };
    this.put(userId, record, rev);
    return { record: clone(record), created: true };
  }

  async create(userId: string, record: T): Promise<{ record: T; created: boolean }> {
    return this.insert(userId, record, this.nextRev(userId));
  }

  async createMany(userId: string, records: T[]): Promise<{ record: T; created: boolean }[]> {
    const rev = this.nextRev(userId);
    return records.map((record) => this.insert(userId, record, rev));
  }

  async update(userId: string, record: T): Promise<T | undefined> {
    if (!this.records(userId).has(record.id)) return undefined;
    this.put(userId, record, this.nextRev(userId));
    return clone(record);
  }

  async remove(userId: string, id: string): Promise<boolean> {
    return this.drop(userId, id, this.nextRev(userId));
  }

  /** As the SQLite store's: each record's hash kept until the record is written again. */
  async digest(userId: string, ids = false): Promise<DigestAnswer> {
    const hashes = mapOf(this.hashes, userId);
    const listed: [string, string][] = [];
    let hash = EMPTY_HASH;
    for (const [id, record] of this.records(userId)) {
      let one = hashes.get(id);
      if (one === undefined) {
        one = recordHash(record);
        hashes.set(id, one);
      }
      hash = xorHash(hash, one);
      if (ids) listed.push([id, one]);
    }
    const answer = {
      count: this.records(userId).size,
      hash,
      cursor: currentRev(this.counter, userId),
    };
    return ids ? { ...answer, ids: listed } : answer;
  }

  async wasDeleted(userId: string, id: string): Promise<boolean> {
    return mapOf(this.deleted, userId).has(id);
  }
}

function mapOf<V>(maps: Map<string, Map<string, V>>, key: string): Map<string, V> {
  let map = maps.get(key);
  if (!map) {
    map = new Map();
    maps.set(key, map);
  }
  return map;
}

class MemoryAssetStore extends MemoryRecordStore<Asset> implements AssetStore {
  async removeChain(userId: string, chainId: string): Promise<number> {
    const rev = this.nextRev(userId);
    let removed = 0;
    for (const [id, asset] of [...this.records(userId)]) {
      if (id === chainId || asset.originalId === chainId) {
        this.drop(userId, id, rev);
        removed++;
      }
    }
    return removed;
  }
}

class MemoryCheckinRecordStore extends MemoryRecordStore<CheckinRecord> {
  constructor(
    counter: Revisions,
    private readonly tasks: MemoryCheckinTaskStore,
  ) {
    super(counter);
  }

  protected override duplicateOf(userId: string, record: CheckinRecord) {
    const sameId = super.duplicateOf(userId, record);
    if (sameId) return sameId;
    for (const r of this.records(userId).values()) {
      if (r.taskId === record.taskId && r.date === record.date) return r;
    }
    return undefined;
  }

  protected override insert(userId: string, record: CheckinRecord, rev: number) {
    // Mirrors the SQLite foreign key so that both stores keep the same contract.
    if (!this.tasks.has(userId, record.taskId)) {
      throw new Error(`check-in task ${record.taskId} does not exist`);
    }
    return super.insert(userId, record, rev);
  }

  /** The cascade of a habit's delete, under that delete's change number. */
  removeForTask(userId: string, taskId: string, rev: number): void {
    for (const [id, r] of [...this.records(userId)]) {
      if (r.taskId === taskId) this.drop(userId, id, rev);
    }
  }
}

class MemoryCheckinTaskStore extends MemoryRecordStore<CheckinTask> {
  constructor(
    counter: Revisions,
    private readonly onRemove: (userId: string, taskId: string, rev: number) => void,
  ) {
    super(counter);
  }

  has(userId: string, id: string): boolean {
    return this.records(userId).has(id);
  }

  override async remove(userId: string, id: string): Promise<boolean> {
    const rev = this.nextRev(userId);
    const removed = this.drop(userId, id, rev);
    if (removed) this.onRemove(userId, id, rev);
    return removed;
  }
}

class MemoryRecurringStore extends MemoryRecordStore<RecurringTemplate> implements RecurringStore {
  override async update(userId: string, record: RecurringTemplate) {
    const stored = this.records(userId).get(record.id);
    const keep = stored && stored.lastDate > record.lastDate ? stored.lastDate : record.lastDate;
    return super.update(userId, { ...record, lastDate: keep });
  }

  /** A new change number (devices learn the new lastDate by delta), the same updatedAt. */
  async markDone(userId: string, id: string, date: string) {
    const stored = this.records(userId).get(id);
    if (stored && stored.lastDate < date) {
      this.put(userId, { ...stored, lastDate: date }, this.nextRev(userId));
    }
  }

  async userIds() {
    return [...this.byUser].filter(([, records]) => records.size > 0).map(([user]) => user);
  }
}

class MemorySettingsStore implements SettingsStore {
  constructor(private readonly byUser = new Map<string, Settings>()) {}
  dump(): Record<string, Settings> {
    return Object.fromEntries(this.byUser);
  }
  async get(userId: string) {
    const settings = this.byUser.get(userId);
    return settings && clone(settings);
  }
  async put(userId: string, settings: Settings) {
    this.byUser.set(userId, clone(settings));
    return clone(settings);
  }
}

class MemoryUserStore implements UserStore {
  constructor(private readonly users = new Map<string, UserRecord>()) {}
  dump(): UserRecord[] {
    return [...this.users.values()];
  }
  async get(username: string) {
    const user = this.users.get(username);
    return user && clone(user);
  }
  async count() {
    return this.users.size;
  }
  async upsert(user: UserRecord) {
    // As in SQLite: 两步验证 and the applied PM_USERS password stay unless the upsert names them.
    const stored = this.users.get(user.username);
    const twoFactor = user.twoFactor === undefined ? (stored?.twoFactor ?? null) : user.twoFactor;
    const appliedPassword =
      user.appliedPassword === undefined ? (stored?.appliedPassword ?? null) : user.appliedPassword;
    const initialPassword = user.initialPassword ?? stored?.initialPassword ?? false;
    this.users.set(user.username, clone({ ...user, twoFactor, appliedPassword, initialPassword }));
  }
  // The check and the write with no await between them: as atomic as SQLite's one UPDATE, so
  // the demo and the tests on this store see parallel sign-ins the way the server does.
  async spendTotpStep(username: string, secret: string, step: number) {
    const twoFactor = this.users.get(username)?.twoFactor;
    if (!twoFactor || twoFactor.secret !== secret || twoFactor.lastStep >= step) return false;
    twoFactor.lastStep = step;
    return true;
  }
  async spendRecoveryCode(username: string, hash: string) {
    const twoFactor = this.users.get(username)?.twoFactor;
    if (!twoFactor?.recoveryCodes.includes(hash)) return false;
    twoFactor.recoveryCodes = twoFactor.recoveryCodes.filter((h) => h !== hash);
    return true;
  }
}

class MemorySessionStore implements SessionStore {
  constructor(private readonly sessions = new Map<string, SessionRecord>()) {}
  dump(): SessionRecord[] {
    return [...this.sessions.values()];
  }
  async create(session: SessionRecord) {
    this.sessions.set(session.tokenHash, { userAgent: '', lastUsedAt: '', ...clone(session) });
  }
  async get(tokenHash: string) {
    const session = this.sessions.get(tokenHash);
    return session && clone(session);
  }
  async remove(tokenHash: string) {
    this.sessions.delete(tokenHash);
  }
  async removeForUser(username: string) {
    for (const [hash, s] of this.sessions) if (s.username === username) this.sessions.delete(hash);
  }
  async removeOthers(username: string, keep: string) {
    for (const [hash, s] of this.sessions) {
      if (s.username === username && hash !== keep) this.sessions.delete(hash);
    }
  }
  async listForUser(username: string) {
    return [...this.sessions.values()]
      .filter((s) => s.username === username)
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))
      .map(clone);
  }
  async touch(tokenHash: string, at: string) {
    const session = this.sessions.get(tokenHash);
    if (session) session.lastUsedAt = at;
  }
  async removeExpired(now: string) {
    const cutoff = Date.parse(now);
    for (const [hash, s] of this.sessions) {
      if (Date.parse(s.expiresAt) < cutoff) this.sessions.delete(hash);
    }
  }
  async trimForUser(username: string, keep: number) {
    // Map order is the order stored, which breaks ties of createdAt as SQLite's rowid does.
    const own = [...this.sessions.values()]
      .map((s, order) => ({ s, order }))
      .filter(({ s }) => s.username === username)
      .sort((a, b) =>
        a.s.createdAt < b.s.createdAt ? -1 : a.s.createdAt > b.s.createdAt ? 1 : a.order - b.order,
      );
    const dropped = own.slice(0, Math.max(0, own.length - keep));
    for (const { s } of dropped) this.sessions.delete(s.tokenHash);
    return dropped.length;
  }
}

class MemoryPasskeyStore implements PasskeyStore {
  constructor(private readonly passkeys = new Map<string, PasskeyRecord>()) {}
  dump(): PasskeyRecord[] {
    return [...this.passkeys.values()];
  }
  async create(passkey: PasskeyRecord) {
    // As the SQLite primary key: a credential id is registered once.
    if (this.passkeys.has(passkey.id)) throw new Error('UNIQUE constraint failed: passkeys.id');
    this.passkeys.set(passkey.id, clone(passkey));
  }
  async get(id: string) {
    const passkey = this.passkeys.get(id);
    return passkey && clone(passkey);
  }
  async listForUser(username: string) {
    return [...this.passkeys.values()]
      .filter((p) => p.username === username)
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))
      .map(clone);
  }
  async remove(username: string, id: string) {
    if (this.passkeys.get(id)?.username !== username) return false;
    return this.passkeys.delete(id);
  }
  async markUsed(id: string, counter: number, at: string) {
    const passkey = this.passkeys.get(id);
    if (passkey) Object.assign(passkey, { counter, lastUsedAt: at });
  }
}

/** Everything a memory store holds, as plain data (structured-clone and JSON safe). */
export interface MemorySnapshot {
  records: Partial<Record<ResourceName, KindData<{ id: string }>>>;
  /** Where a user's change numbers start (see Revisions). */
  rev?: number;
  /** Each user's last change number; absent in snapshots from before per-user numbers. */
  userRevs?: Record<string, number>;
  users: UserRecord[];
  sessions: SessionRecord[];
  /** Absent in snapshots taken before passkeys existed. */
  passkeys?: PasskeyRecord[];
  /** Absent in snapshots taken before settings existed. */
  settings?: Record<string, Settings>;
}

export interface MemoryStore extends Store {
  snapshot(): MemorySnapshot;
}

/**
 * A store that lives in memory: the browser demo and fast tests. The demo keeps a snapshot
 * in the tab's sessionStorage and starts from it, so a reload keeps what was entered and
 * who is signed in.
 */
export function createMemoryStore(initial?: MemorySnapshot): MemoryStore {
  // Numbering starts at 1, as in SQLite: 0 is what a device asks with to get everything.
  const counter: Revisions = { rev: initial?.rev ?? 1, byUser: { ...initial?.userRevs } };
  const checkinTasks = new MemoryCheckinTaskStore(counter, (userId, taskId, rev) =>
    checkinRecords.removeForTask(userId, taskId, rev),
  );
  const checkinRecords = new MemoryCheckinRecordStore(counter, checkinTasks);
  const plain = <K extends ResourceName>() => new MemoryRecordStore<RecordOf<K>>(counter);
  const records = {
    accounts: plain<'accounts'>(),
    assets: new MemoryAssetStore(counter),
    assetHistory: plain<'assetHistory'>(),
    workouts: plain<'workouts'>(),
    tasks: plain<'tasks'>(),
    timeRecords: plain<'timeRecords'>(),
    checkinTasks,
    checkinRecords,
    recurring: new MemoryRecurringStore(counter),
    wallets: plain<'wallets'>(),
    transfers: plain<'transfers'>(),
    categories: plain<'categories'>(),
  } satisfies ResourceStores & Record<ResourceName, MemoryRecordStore<{ id: string }>>;
  for (const key of RESOURCE_NAMES) {
    (records[key] as MemoryRecordStore<{ id: string }>).load(initial?.records[key]);
  }
  const users = new MemoryUserStore(new Map(initial?.users.map((u) => [u.username, clone(u)])));
  const settings = new MemorySettingsStore(new Map(Object.entries(clone(initial?.settings ?? {}))));
  const sessions = new MemorySessionStore(
    new Map(initial?.sessions.map((s) => [s.tokenHash, clone(s)])),
  );
  const passkeys = new MemoryPasskeyStore(new Map(initial?.passkeys?.map((p) => [p.id, clone(p)])));
  return {
    ...records,
    settings,
    users,
    sessions,
    passkeys,
    async dashboard(userId, today) {
      const [accounts, workouts, tasks, timeRecords, assets] = await Promise.all([
        records.accounts.list(userId),
        records.workouts.list(userId),
        records.tasks.list(userId),
        records.timeRecords.list(userId),
        records.assets.list(userId),
      ]);
      return dashboardAggregates({ accounts, workouts, tasks, timeRecords, assets }, today);
    },
    close() {},
    snapshot: () => ({
      records: Object.fromEntries(RESOURCE_NAMES.map((key) => [key, records[key].dump()])),
      rev: counter.rev,
      userRevs: { ...counter.byUser },
      users: users.dump(),
      sessions: sessions.dump(),
      passkeys: passkeys.dump(),
      settings: settings.dump(),
    }),
  };
}
