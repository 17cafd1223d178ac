import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useWalletTotals } from '../../api/wallets';
import { Money } from '../../components/Money';
import { StatCard, toneOf } from '../../components/StatCard';
import { useToday } from '../../components/useToday';
import { formatCents, MASKED_AMOUNT } from '../../domain/money';

interface NetWorthCardProps {
  netWorthCents: number;
  assetsCents: number;
  liabilitiesCents: number;
}

/** 净资产: hidden until the eye is pressed (docs/spec.md §2), so the dashboard can be shown to others. */
export function NetWorthCard(props: NetWorthCardProps) {
  const [shown, setShown] = useState(false);
  // 账户 balances (issue 61) join the manual assets, each counted once.
  const wallets = useWalletTotals(useToday());
  const assetsCents = props.assetsCents + (wallets?.assetsCents ?? 0);
  const liabilitiesCents = props.liabilitiesCents + (wallets?.liabilitiesCents ?? 0);
  const netWorthCents = props.netWorthCents + (wallets?.netCents ?? 0);
  const money = (cents: number) => (shown ? formatCents(cents) : MASKED_AMOUNT);
  return (
    <StatCard
      title="净资产"
      value={
        shown ? <Money cents={netWorthCents} className="text-xl sm:text-2xl" /> : MASKED_AMOUNT
      }
      subtitle={`资产 ${money(assetsCents)} · 负债 ${money(liabilitiesCents)}`}
      tone={shown ? toneOf(netWorthCents) : 'default'}
      icon={
        <button
          type="button"
          className="btn-icon -my-1.5 -mr-1.5"
          aria-label={shown ? '隐藏金额' : '显示金额'}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
        </button>
      }
    />
  );
}
