import { CheckCircle2, Circle } from 'lucide-react';
import { useId } from 'react';
import type { GoalProgress, DailyGoals as Goals } from '../../domain/daily-goals';
import { formatCents } from '../../domain/money';

interface GoalProps {
  title: string;
  detail: string;
  goal: GoalProgress;
  /** A budget not met is overspent: its bar turns red rather than showing progress. */
  overspent?: boolean;
}

function Goal({ title, detail, goal, overspent = false }: GoalProps) {
  const Icon = goal.done ? CheckCircle2 : Circle;
  const bar = goal.done ? 'bg-emerald-500' : overspent ? 'bg-red-500' : 'bg-blue-500';
  return (
    <li className="flex items-start gap-3 py-3">
      <Icon
        size={22}
        className={`mt-0.5 shrink-0 ${goal.done ? 'text-emerald-500' : 'text-slate-300'}`}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-center justify-between gap-2">
          <p className={`font-medium ${goal.done ? 'text-slate-900' : 'text-slate-700'}`}>
            {title}
          </p>
          <span
            className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${
              goal.done ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-600'
            }`}
          >
            {goal.done ? '已完成' : '未完成'}
          </span>
        </div>
        <p className="text-sm text-slate-500 tabular-nums">{detail}</p>
        <div className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
          <div className={`h-full rounded-full ${bar}`} style={{ width: `${goal.percent}%` }} />
        </div>
      </div>
    </li>
  );
}

/** 今日目标, each visibly done or not. */
export function DailyGoals({ goals }: { goals: Goals }) {
  const titleId = useId();
  const { budget, workout, focus } = goals;
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        今日目标
      </h2>
      <ul className="divide-y divide-slate-100">
        <Goal
          title="控制支出在预算内"
          detail={`今日支出 ${formatCents(budget.current)} / 预算 ${formatCents(budget.target)}`}
          goal={budget}
          overspent
        />
        <Goal title="完成一次运动" detail={`今日运动 ${workout.current} 次`} goal={workout} />
        <Goal
          title="专注工作2小时"
          detail={`已专注 ${focus.current} / ${focus.target} 分钟`}
          goal={focus}
        />
      </ul>
    </section>
  );
}
