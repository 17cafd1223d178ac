import { RESOURCE_NAMES, type RecordOf, type ResourceName } from '../src/domain/resources';
import type { Asset } from '../src/domain/schemas/asset';
import type { CheckinRecord, CheckinTask } from '../src/domain/schemas/checkin';
import type { RecurringTemplate } from '../src/domain/schemas/recurring';
import type { Settings } from '../src/domain/schemas/settings';
import type {
  AssetStore,
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

class MemoryRecordStore<T extends { id: string }> implements RecordStore<T> {
  protected readonly byUser = new Map<string, Map<string, T>>();

  /** Every user's records, for a snapshot. */
  dump(): Record<string, T[]> {
    return Object.fromEntries(
      [...this.byUser].map(([user, records]) => [user, [...records.values()]]),
    );
  }

  load(data: Record<string, T[]> = {}): void {
    for (const [user, records] of Object.entries(data)) {
      this.byUser.set(user, new Map(records.map((r) => [r.id, clone(r)])));
    }
  }

  protected records(userId: string): Map<string, T> {
    let records = this.byUser.get(userId);
    if (!records) {
      records = new Map();
      this.byUser.set(userId, records);
    }
    return records;
  }

  /** The stored record that makes `record` a duplicate, if any (override to add rules). */
  protected duplicateOf(userId: string, record: T): T | undefined {
    return this.records(userId).get(record.id);
  }

  async list(userId: string): Promise<T[]> {
    return [...this.records(userId).values()].map(clone);
  }

  async get(userId: string, id: string): Promise<T | undefined> {
    const record = this.records(userId).get(id);
    return record && clone(record);
  }

  async create(userId: string, record: T): Promise<{ record: T; created: boolean }> {
    const existing = this.duplicateOf(userId, record);
    if (existing) return { record: clone(existing), created: false };
    this.records(userId).set(record.id, clone(record));
    return { record: clone(record), created: true };
  }

  async createMany(userId: string, records: T[]): Promise<{ record: T; created: boolean }[]> {
    const results = [];
    for (const record of records) results.push(await this.create(userId, record));
    return results;
  }

  async update(userId: string, record: T): Promise<T | undefined> {
    const records = this.records(userId);
    if (!records.has(record.id)) return undefined;
    records.set(record.id, clone(record));
    return clone(record);
  }

  async remove(userId: string, id: string): Promise<boolean> {
    return this.records(userId).delete(id);
  }
}

class MemoryAssetStore extends MemoryRecordStore<Asset> implements AssetStore {
  async removeChain(userId: string, chainId: string): Promise<number> {
    const records = this.records(userId);
    let removed = 0;
    for (const [id, asset] of records) {
      if (id === chainId || asset.originalId === chainId) {
        records.delete(id);
        removed++;
      }
    }
    return removed;
  }
}

class MemoryCheckinRecordStore extends MemoryRecordStore<CheckinRecord> {
  constructor(private readonly tasks: MemoryRecordStore<CheckinTask>) {
    super();
  }

  protected override duplicateOf(userId: string, record: CheckinRecord) {
    const sameId = super.duplicateOf(userId, record);
    if (sameId) return sameId;
    for (const r of this.records(userId).values()) {
      if (r.taskId === record.taskId && r.date === record.date) return r;
    }
    return undefined;
  }

  override async create(userId: string, record: CheckinRecord) {
    // Mirrors the SQLite foreign key so that both stores keep the same contract.
    if (!(await this.tasks.get(userId, record.taskId))) {
      throw new Error(`check-in task ${record.taskId} does not exist`);
    }
    return super.create(userId, record);
  }

  removeForTask(userId: string, taskId: string): void {
    const records = this.records(userId);
    for (const [id, r] of records) if (r.taskId === taskId) records.delete(id);
  }
}

class MemoryCheckinTaskStore extends MemoryRecordStore<CheckinTask> {
  constructor(private readonly onRemove: (userId: string, taskId: string) => void) {
    super();
  }

  override async remove(userId: string, id: string): Promise<boolean> {
    const removed = await super.remove(userId, id);
    if (removed) this.onRemove(userId, id);
    return removed;
  }
}

class MemoryRecurringStore extends MemoryRecordStore<RecurringTemplate> implements RecurringStore {
  override async update(userId: string, record: RecurringTemplate) {
    const stored = this.records(userId).get(record.id);
    const keep = stored && stored.lastDate > record.lastDate ? stored.lastDate : record.lastDate;
    return super.update(userId, { ...record, lastDate: keep });
  }

  async markDone(userId: string, id: string, date: string) {
    const stored = this.records(userId).get(id);
    if (stored && stored.lastDate < date) stored.lastDate = date;
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
    this.users.set(user.username, clone(user));
  }
}

class MemorySessionStore implements SessionStore {
  constructor(private readonly sessions = new Map<string, SessionRecord>()) {}
  dump(): SessionRecord[] {
    return [...this.sessions.values()];
  }
  async create(session: SessionRecord) {
    this.sessions.set(session.tokenHash, clone(session));
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
  async removeExpired(now: string) {
    const cutoff = Date.parse(now);
    for (const [hash, s] of this.sessions) {
      if (Date.parse(s.expiresAt) < cutoff) this.sessions.delete(hash);
    }
  }
}

/** Everything a memory store holds, as plain data (structured-clone and JSON safe). */
export interface MemorySnapshot {
  records: Partial<Record<ResourceName, Record<string, { id: string }[]>>>;
  users: UserRecord[];
  sessions: SessionRecord[];
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
  const checkinTasks = new MemoryCheckinTaskStore((userId, taskId) =>
    checkinRecords.removeForTask(userId, taskId),
  );
  const checkinRecords = new MemoryCheckinRecordStore(checkinTasks);
  const plain = <K extends ResourceName>() => new MemoryRecordStore<RecordOf<K>>();
  const records = {
    accounts: plain<'accounts'>(),
    assets: new MemoryAssetStore(),
    assetHistory: plain<'assetHistory'>(),
    workouts: plain<'workouts'>(),
    tasks: plain<'tasks'>(),
    timeRecords: plain<'timeRecords'>(),
    checkinTasks,
    checkinRecords,
    recurring: new MemoryRecurringStore(),
  } satisfies ResourceStores & Record<ResourceName, MemoryRecordStore<{ id: string }>>;
  for (const key of RESOURCE_NAMES) {
    (records[key] as MemoryRecordStore<{ id: string }>).load(initial?.records[key]);
  }
  const users = new MemoryUserStore(new Map(initial?.users.map((u) => [u.username, clone(u)])));
  const settings = new MemorySettingsStore(new Map(Object.entries(clone(initial?.settings ?? {}))));
  const sessions = new MemorySessionStore(
    new Map(initial?.sessions.map((s) => [s.tokenHash, clone(s)])),
  );
  return {
    ...records,
    settings,
    users,
    sessions,
    close() {},
    snapshot: () => ({
      records: Object.fromEntries(RESOURCE_NAMES.map((key) => [key, records[key].dump()])),
      users: users.dump(),
      sessions: sessions.dump(),
      settings: settings.dump(),
    }),
  };
}
