import { lastNMonths, monthOf } from './dates';
import { sumCents, toCents } from './money';
import type {
  Asset,
  AssetData,
  AssetHistoryAction,
  AssetHistoryData,
  AssetHistoryEntry,
} from './schemas/asset';
import type { AssetCategory } from './schemas/categories';

// An edit never changes a stored asset: it adds the next version of the record's chain
// (SPEC §4). The chain is named by the id of its first version.

/** The fields a user edits; the version bookkeeping is derived, never taken from a form. */
export type AssetFields = Pick<
  AssetData,
  'type' | 'name' | 'category' | 'amount' | 'description' | 'date' | 'effectiveDate'
>;

/** The fields compared by the modification history, in the order it lists them. */
export const TRACKED_FIELDS = [
  'name',
  'category',
  'amount',
  'description',
  'date',
  'effectiveDate',
  'type',
] as const;
export type TrackedField = (typeof TRACKED_FIELDS)[number];

export type FieldChange = {
  [K in TrackedField]: { field: K; old: Asset[K] | undefined; new: Asset[K] | undefined };
}[TrackedField];

export interface AssetTotals {
  assetsCents: number;
  liabilitiesCents: number;
  receivablesCents: number;
  netWorthCents: number;
}

export interface MonthlyValue {
  /** 'YYYY-MM'. */
  month: string;
  totalCents: number;
  /** Change against the previous listed month; null for the first one. */
  changeCents: number | null;
  /** That change in percent, rounded to 1 decimal; null for the first listed month. */
  changePercent: number | null;
}

type ChainMember = Pick<Asset, 'id' | 'originalId'>;

export function chainId(asset: ChainMember): string {
  return asset.originalId ?? asset.id;
}

function editedFields(data: AssetFields): AssetFields {
  return {
    type: data.type,
    name: data.name,
    category: data.category,
    amount: data.amount,
    description: data.description,
    date: data.date,
    effectiveDate: data.effectiveDate,
  };
}

export function firstVersion(data: AssetFields, id: string): Asset {
  return { ...editedFields(data), id, version: 1, originalId: null, previousVersionId: null };
}

export function nextVersion(old: Asset, data: AssetFields, id: string): Asset {
  return {
    ...editedFields(data),
    id,
    version: old.version + 1,
    originalId: chainId(old),
    previousVersionId: old.id,
  };
}

/** Every stored version of a chain: deleting an asset removes all of them (DESIGN §1). */
export function chainVersions<T extends ChainMember>(assets: readonly T[], id: string): T[] {
  return assets.filter((a) => chainId(a) === id);
}

/** The history entry for a create (old null), an update (both) or a delete (new null). */
export function historyEntry(
  action: AssetHistoryAction,
  oldData: Asset | null,
  newData: Asset | null,
  now: Date | number,
): AssetHistoryData {
  const subject = newData ?? oldData;
  if (!subject) throw new Error('historyEntry needs the old or the new data');
  return {
    assetId: chainId(subject),
    assetName: subject.name,
    action,
    oldData,
    newData,
    timestamp: new Date(now).toISOString(),
  };
}

/** The current view of each chain: its highest version. Only these are listed and counted. */
export function latestPerChain<T extends ChainMember & Pick<Asset, 'version'>>(
  assets: readonly T[],
): T[] {
  const latest = new Map<string, T>();
  for (const asset of assets) {
    const key = chainId(asset);
    const seen = latest.get(key);
    if (!seen || asset.version > seen.version) latest.set(key, asset);
  }
  return [...latest.values()];
}

// Snapshots are checked loosely (schemas/asset.ts), so one may lack ids.
function snapshotChain(snapshot: Asset | null): string | null {
  return snapshot && typeof snapshot.id === 'string' ? chainId(snapshot) : null;
}

/** A chain's history entries, newest first. */
export function chainHistory<T extends AssetHistoryData | AssetHistoryEntry>(
  history: readonly T[],
  id: string,
): T[] {
  // Entries are matched by their snapshots too: an entry written by the original app may carry
  // the id of the version it touched rather than the chain's.
  const inChain = history.filter(
    (h) => h.assetId === id || snapshotChain(h.oldData) === id || snapshotChain(h.newData) === id,
  );
  return inChain.sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
}

function sameValue(field: TrackedField, a: unknown, b: unknown): boolean {
  // Amounts compare in cents, so float noise is not reported as an edit.
  if (field === 'amount' && typeof a === 'number' && typeof b === 'number') {
    return toCents(a) === toCents(b);
  }
  // A missing note or effective date and an empty one mean the same thing (SPEC §3).
  return (a ?? '') === (b ?? '');
}

/** The tracked fields whose value differs between two snapshots, in TRACKED_FIELDS order. */
export function changedFields(
  oldData: Partial<Asset> | null,
  newData: Partial<Asset> | null,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of TRACKED_FIELDS) {
    const before = oldData?.[field];
    const after = newData?.[field];
    if (!sameValue(field, before, after)) {
      changes.push({ field, old: before, new: after } as FieldChange);
    }
  }
  return changes;
}

/** The date from which a record's value counts: its effective date, else its created date. */
export function effectiveDateOf(asset: Pick<Asset, 'date' | 'effectiveDate'>): string {
  return asset.effectiveDate || asset.date;
}

/** Card totals over the latest versions; receivables are assets too, so they count in both. */
export function assetTotals(
  latest: readonly Pick<Asset, 'type' | 'category' | 'amount'>[],
): AssetTotals {
  const assets = latest.filter((a) => a.type === 'asset');
  const assetsCents = sumCents(assets.map((a) => a.amount));
  const liabilitiesCents = sumCents(
    latest.filter((a) => a.type === 'liability').map((a) => a.amount),
  );
  const receivablesCents = sumCents(
    assets.filter((a) => a.category === 'receivables').map((a) => a.amount),
  );
  return {
    assetsCents,
    liabilitiesCents,
    receivablesCents,
    netWorthCents: assetsCents - liabilitiesCents,
  };
}

// The record that gives an asset name its value in `month` (SPEC §9): the highest version
// effective in that month, else the latest record effective before it (greatest effective
// date, then highest version). Records effective after the month do not count yet.
function valueRecord(records: readonly Asset[], month: string): Asset | undefined {
  let inMonth: Asset | undefined;
  let earlier: Asset | undefined;
  for (const r of records) {
    const effective = effectiveDateOf(r);
    const m = monthOf(effective);
    if (m === month) {
      if (!inMonth || r.version > inMonth.version) inMonth = r;
    } else if (m < month) {
      const best = earlier ? effectiveDateOf(earlier) : '';
      if (!earlier || effective > best || (effective === best && r.version > earlier.version)) {
        earlier = r;
      }
    }
  }
  return inMonth ?? earlier;
}

function roundTo1(value: number): number {
  // Symmetric, so a fall and a rise of the same size show the same figure.
  return (Math.sign(value) * Math.round(Math.abs(value) * 10)) / 10;
}

/**
 * The asset-trend bars: the value of each asset name in each of the last 12 months, summed over
 * the chosen category. `assets` are all stored versions (a deleted chain is simply absent).
 * Months that total zero are left out, and each change is against the previous listed month.
 */
export function monthlyCategoryValues(
  assets: readonly Asset[],
  today: string,
  category: AssetCategory | 'all',
): MonthlyValue[] {
  const byName = new Map<string, Asset[]>();
  for (const a of assets) {
    if (a.type !== 'asset') continue;
    const records = byName.get(a.name);
    if (records) records.push(a);
    else byName.set(a.name, [a]);
  }

  const values: MonthlyValue[] = [];
  for (const month of lastNMonths(today, 12)) {
    let totalCents = 0;
    for (const records of byName.values()) {
      const r = valueRecord(records, month);
      if (r && (category === 'all' || r.category === category)) totalCents += toCents(r.amount);
    }
    if (totalCents === 0) continue;
    const previous = values.at(-1);
    // A listed month never totals zero, so the previous total is a safe divisor.
    values.push({
      month,
      totalCents,
      changeCents: previous ? totalCents - previous.totalCents : null,
      changePercent: previous
        ? roundTo1(((totalCents - previous.totalCents) / previous.totalCents) * 100)
        : null,
    });
  }
  return values;
}
