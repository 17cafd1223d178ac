import { lastNMonths, monthOf } from './dates';
import { formatCents, formatSignedCents, fromCents, sumCents, toCents } from './money';
import type {
  Asset,
  AssetData,
  AssetHistoryAction,
  AssetHistoryData,
  AssetHistoryEntry,
} from './schemas/asset';
import type { AssetCategory } from './schemas/categories';

// An edit never changes a stored asset: it adds the next version of the record's chain
// (docs/spec.md §4). The chain is named by the id of its first version.

/** The fields a user edits; the version bookkeeping is derived, never taken from a form. */
export type AssetFields = Pick<
  AssetData,
  'type' | 'name' | 'category' | 'amount' | 'description' | 'date' | 'effectiveDate'
>;

/** The fields compared by the modification history, in the order it lists them. */
const TRACKED_FIELDS = [
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

/** Every stored version of a chain: deleting an asset removes all of them (docs/architecture.md, Decisions "Deleting an asset"). */
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
  // A missing note or effective date and an empty one mean the same thing (docs/spec.md §3).
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

// The record that gives an asset name its value in `month` (docs/spec.md §9): the highest version
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
  // Every version goes under the name (and side) its chain carries now: a renamed asset is
  // still one asset, so its old name must not keep counting beside the new one; and a loan
  // named like the car it paid for is not that car.
  const nameKey = (a: Asset) => `${a.type}:${a.name}`;
  const currentKey = new Map(latestPerChain(assets).map((a) => [chainId(a), nameKey(a)]));
  const byName = new Map<string, Asset[]>();
  for (const a of assets) {
    const key = currentKey.get(chainId(a)) ?? nameKey(a);
    const records = byName.get(key);
    if (records) records.push(a);
    else byName.set(key, [a]);
  }

  const values: MonthlyValue[] = [];
  for (const month of lastNMonths(today, 12)) {
    let totalCents = 0;
    for (const records of byName.values()) {
      // Type and category are those of the record chosen for the month, so a chain that was
      // turned into a liability stops counting from then on rather than freezing its last value.
      const r = valueRecord(records, month);
      if (r?.type === 'asset' && (category === 'all' || r.category === category)) {
        totalCents += toCents(r.amount);
      }
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

/**
 * '+11.1%', '-50.0%', '0.0%': a change in percent with 1 decimal, signed like the change in
 * cents it stands for. A fall of ¥1,300.50 on ¥10,000,000 rounds to 0.0 but is still a fall
 * ('-0.0%'); only no change at all goes unsigned.
 */
export function formatChangePercent(percent: number, changeCents: number): string {
  const sign = changeCents < 0 ? '-' : changeCents > 0 ? '+' : '';
  return `${sign}${Math.abs(percent).toFixed(1)}%`;
}

/**
 * '+¥200.00 (+11.1%)': a bar's change against the previous listed month, or null for the first.
 * No change reads '¥0.00 (0.0%)', neither a rise nor a fall.
 */
export function formatMonthlyChange(value: Pick<MonthlyValue, 'changeCents' | 'changePercent'>) {
  const { changeCents, changePercent } = value;
  if (changeCents === null || changePercent === null) return null;
  const amount =
    changeCents === 0
      ? formatCents(0)
      : formatSignedCents(changeCents, changeCents < 0 ? '-' : '+');
  return `${amount} (${formatChangePercent(changePercent, changeCents)})`;
}

/** A bar's label (docs/spec.md §2): the month's amount, then its change when there is an earlier bar. */
export function monthlyBarLabel(value: MonthlyValue): string {
  const change = formatMonthlyChange(value);
  return change ? `${formatCents(value.totalCents)} ${change}` : formatCents(value.totalCents);
}

export interface CategoryShare<T> {
  category: string;
  totalCents: number;
  /** The category's latest asset versions, largest first. */
  items: T[];
}

/**
 * The distribution pie: latest asset versions grouped by category, largest category first.
 * Categories worth nothing are left out, since a slice of zero cannot be seen or clicked.
 */
export function assetDistribution<T extends Pick<Asset, 'type' | 'category' | 'amount'>>(
  latest: readonly T[],
): CategoryShare<T>[] {
  const groups = new Map<string, T[]>();
  for (const a of latest) {
    if (a.type !== 'asset') continue;
    const items = groups.get(a.category);
    if (items) items.push(a);
    else groups.set(a.category, [a]);
  }
  return [...groups]
    .map(([category, items]) => ({
      category,
      totalCents: sumCents(items.map((a) => a.amount)),
      items: [...items].sort((a, b) => toCents(b.amount) - toCents(a.amount)),
    }))
    .filter((share) => share.totalCents > 0)
    .sort((a, b) => b.totalCents - a.totalCents);
}

export interface AssetDetails {
  scope: 'latest-version';
  /** Yuan, as the records hold amounts. */
  total: number;
  items: {
    id: string;
    originalId: string;
    version: number;
    name: string;
    category: string;
    amount: number;
  }[];
}

/**
 * What 复制明细 copies (docs/spec.md §2): the assets counted in 总资产, i.e. the latest version of each
 * asset chain. `originalId` names the chain, so a first version carries its own id.
 */
export function assetDetails(latest: readonly Asset[]): AssetDetails {
  const assets = latest.filter((a) => a.type === 'asset');
  return {
    scope: 'latest-version',
    total: fromCents(sumCents(assets.map((a) => a.amount))),
    items: assets.map((a) => ({
      id: a.id,
      originalId: chainId(a),
      version: a.version,
      name: a.name,
      category: a.category,
      amount: a.amount,
    })),
  };
}
