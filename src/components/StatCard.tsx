import type { ReactNode } from 'react';

type Tone = 'default' | 'positive' | 'negative';

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
    <section className="card flex flex-col gap-1" aria-label={title}>
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
