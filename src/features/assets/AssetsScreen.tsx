import { HandCoins, Landmark, Plus, Scale, Wallet } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useAssets, useDeleteAsset } from '../../api/assets';
import { useWalletTotals } from '../../api/wallets';
import { DrawnAhead } from '../../components/DrawnAhead';
import { ListStatus } from '../../components/ListStatus';
import { lazyDialog, usePreloadDialogs } from '../../components/lazy-with-retry';
import { Money } from '../../components/Money';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { StatCard, toneOf } from '../../components/StatCard';
import { useDeleteAction } from '../../components/useDeleteAction';
import { useOpenLink } from '../../components/useOpenLink';
import { useStableCallback } from '../../components/useStableCallback';
import { useToday } from '../../components/useToday';
import { assetTotals, latestPerChain } from '../../domain/asset-versioning';
import { toCents } from '../../domain/money';
import type { Asset } from '../../domain/schemas/asset';
import { AssetDetailsDialog } from './AssetDetailsDialog';
import { AssetDistributionCard } from './AssetDistributionCard';
import { AssetHistoryDialog } from './AssetHistoryDialog';
import { AssetList } from './AssetList';
import { AssetTrendCard } from './AssetTrendCard';

// The form (react-hook-form, zod) loads once the screen is quiet or pressed (usePreloadDialogs).
const AssetFormDialog = lazyDialog(() =>
  import('./AssetFormDialog').then((m) => m.AssetFormDialog),
);

type Dialog =
  | { kind: 'form'; existing: Asset | null }
  | { kind: 'history'; asset: Asset }
  | { kind: 'details' };

const NO_ASSETS: Asset[] = [];
const NOTHING_PENDING: ReadonlySet<string> = new Set();

/** A card figure, a size down on phones where cards are narrow; Money fits what still is not. */
function Amount({ cents }: { cents: number }) {
  return <Money cents={cents} className="text-xl wide:text-2xl" />;
}

const largestFirst = (a: Asset, b: Asset) => toCents(b.amount) - toCents(a.amount);

export function AssetsScreen() {
  const today = useToday();
  const { data, isPending, refetch } = useAssets();
  const { remove } = useDeleteAction(useDeleteAsset(), (asset: Asset) => ({
    message: `确定要删除「${asset.name}」吗？`,
    detail: '它的所有版本都会被删除，修改历史会保留。',
  }));
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const formsReady = usePreloadDialogs(!isPending, AssetFormDialog);

  const all = data?.items ?? NO_ASSETS;
  // Only the highest version of each chain is listed and counted (docs/spec.md §4).
  const latest = useMemo(() => latestPerChain(all), [all]);
  const manual = useMemo(() => assetTotals(latest), [latest]);
  // 账户 balances (issue 61, 记账管理 → 账户) count here too, once, beside the manual assets.
  const wallets = useWalletTotals(today);
  const totals = useMemo(
    () => ({
      ...manual,
      assetsCents: manual.assetsCents + (wallets?.assetsCents ?? 0),
      liabilitiesCents: manual.liabilitiesCents + (wallets?.liabilitiesCents ?? 0),
      netWorthCents: manual.netWorthCents + (wallets?.netCents ?? 0),
    }),
    [manual, wallets],
  );
  const assets = useMemo(
    () => latest.filter((a) => a.type === 'asset').sort(largestFirst),
    [latest],
  );
  const liabilities = useMemo(
    () => latest.filter((a) => a.type === 'liability').sort(largestFirst),
    [latest],
  );

  // Stable, with the cards and lists memoised: opening a dialog renders this screen again,
  // and its charts need not draw with it.
  const onHistory = useCallback((asset: Asset) => setDialog({ kind: 'history', asset }), []);
  const onEdit = useCallback((asset: Asset) => setDialog({ kind: 'form', existing: asset }), []);
  // 搜索全部's results link here with ?history=<id>: that asset's history.
  useOpenLink(data && latest, onHistory, 'history');
  const onDelete = useStableCallback(remove);
  const pending = data?.pending ?? NOTHING_PENDING;

  const header = (
    <PageHeader
      title="资产管理"
      actions={
        <button
          type="button"
          className="btn-primary"
          aria-haspopup="dialog"
          onClick={() => setDialog({ kind: 'form', existing: null })}
        >
          <Plus size={16} aria-hidden="true" />
          添加资产/负债
        </button>
      }
    />
  );

  if (isPending) {
    return (
      <>
        {header}
        <Spinner />
      </>
    );
  }

  return (
    <>
      {header}
      <div className="space-y-5">
        <ListStatus state={data} failure="获取资产失败：{message}" onRetry={refetch} />

        <div className="grid grid-cols-2 gap-3 tablet:grid-cols-4 sm:gap-4">
          <StatCard
            title="总资产"
            value={<Amount cents={totals.assetsCents} />}
            subtitle={`${assets.length} 项资产${wallets ? ` · 含 ${wallets.count} 个账户` : ''}`}
            icon={<Wallet size={18} />}
            action={
              <button
                type="button"
                className="mt-1 self-start text-sm font-medium text-blue-600 hover:text-blue-700 hover:underline"
                onClick={() => setDialog({ kind: 'details' })}
              >
                查看明细
              </button>
            }
          />
          <StatCard
            title="总负债"
            value={<Amount cents={totals.liabilitiesCents} />}
            subtitle={`${liabilities.length} 项负债${wallets?.liabilitiesCents ? ' · 含账户欠款' : ''}`}
            icon={<Landmark size={18} />}
          />
          <StatCard
            title="应收款总额"
            value={<Amount cents={totals.receivablesCents} />}
            subtitle="已计入总资产"
            icon={<HandCoins size={18} />}
          />
          <StatCard
            title="净资产"
            value={<Amount cents={totals.netWorthCents} />}
            subtitle="总资产 − 总负债"
            icon={<Scale size={18} />}
            tone={toneOf(totals.netWorthCents)}
          />
        </div>

        <AssetTrendCard assets={all} today={today} />

        {/* One column of minmax(0, 1fr) on a phone, not the implicit auto one: an auto column
            grew to its cards' widest unbroken line (a 100-character name made /assets 6,971 px
            wide at 375 px, issue 60). */}
        <div className="grid grid-cols-1 gap-5 tablet:grid-cols-2 wide:grid-cols-3">
          <div className="tablet:col-span-2 wide:col-span-1">
            <AssetDistributionCard latest={latest} />
          </div>
          <AssetList
            title="资产"
            items={assets}
            totalCents={manual.assetsCents}
            emptyMessage="暂无资产，点击上方按钮添加第一项"
            onHistory={onHistory}
            onEdit={onEdit}
            onDelete={onDelete}
            pending={pending}
          />
          <AssetList
            title="负债"
            items={liabilities}
            totalCents={manual.liabilitiesCents}
            emptyMessage="暂无负债"
            onHistory={onHistory}
            onEdit={onEdit}
            onDelete={onDelete}
            pending={pending}
          />
        </div>
      </div>

      <DrawnAhead
        open={dialog?.kind === 'form' && dialog.existing === null}
        ahead={formsReady}
        startsFrom={today}
      >
        <AssetFormDialog existing={null} today={today} onClose={() => setDialog(null)} />
      </DrawnAhead>
      {dialog?.kind === 'form' && dialog.existing && (
        <AssetFormDialog existing={dialog.existing} today={today} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'history' && (
        <AssetHistoryDialog asset={dialog.asset} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'details' && (
        <AssetDetailsDialog latest={latest} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
