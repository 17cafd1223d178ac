import type { ReactNode } from 'react';

type Tone = 'default' | 'positive' | 'negative';

/**
 * A figure's colour from its sign: gains green, losses red, and zero neutral — nothing
 * happened is neither good nor bad. `kind` says what a non-zero figure is (an expense is a
 * loss however large).
 */
export function toneOf(value: number, kind: 'signed' | 'gain' | 'loss' = 'signed'): Tone {
  if (value === 0) return 'default';
  if (kind === 'gain') return 'positive';
  if (kind === 'loss') return 'negative';
  return value > 0 ? 'positive' : 'negative';
}

const toneClass: Record<Tone, string> = {
  default: 'text-slate-900',
  positive: 'text-emerald-700',
  negative: 'text-red-600',
};

interface StatCardProps {
  title: string;
  value: ReactNode;
  subtitle?: ReactNode;
  icon?: ReactNode;
  tone?: Tone;
  action?: ReactNode;
}

export function StatCard({
  title,
  value,
  subtitle,
  icon,
  tone = 'default',
  action,
}: StatCardProps) {
  return (
    <section className="card flex flex-col gap-1 max-tablet:p-3" aria-label={title}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-slate-500">{title}</h2>
        {icon && <span className="text-slate-400">{icon}</span>}
      </div>
      <p className={`text-2xl font-semibold tabular-nums ${toneClass[tone]}`}>{value}</p>
      {subtitle && <p className="text-xs text-slate-500">{subtitle}</p>}
      {action}
    </section>
  );
}
