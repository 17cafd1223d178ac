import { CheckCircle2, Circle } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import {
  type BudgetProgress,
  focusGoalTitle,
  type GoalProgress,
  type DailyGoals as Goals,
} from '../../domain/daily-goals';
import { formatCents } from '../../domain/money';
import type { DailyGoalSwitches } from '../../domain/schemas/settings';

interface GoalProps {
  title: string;
  detail: string;
  goal: GoalProgress;
}

function Goal({ title, detail, goal }: GoalProps) {
  const Icon = goal.done ? CheckCircle2 : Circle;
  const bar = goal.done ? 'bg-emerald-500' : 'bg-blue-500';
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

/**
 * A budget is not something done by the afternoon: it reads 未超支 while spending stays within
 * it and 已超支 once it passes it, and the bar shows the share spent.
 */
function BudgetGoal({ budget }: { budget: BudgetProgress }) {
  const Icon = budget.overspent ? Circle : CheckCircle2;
  return (
    <li className="flex items-start gap-3 py-3">
      <Icon
        size={22}
        className={`mt-0.5 shrink-0 ${budget.overspent ? 'text-red-500' : 'text-emerald-500'}`}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-center justify-between gap-2">
          <p className="font-medium text-slate-900">控制支出在预算内</p>
          <span
            className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${
              budget.overspent ? 'bg-red-50 text-red-700' : 'bg-emerald-50 text-emerald-700'
            }`}
          >
            {budget.overspent ? '已超支' : '未超支'}
          </span>
        </div>
        <p className="text-sm text-slate-500 tabular-nums">
          今日支出 {formatCents(budget.current)} / 日预算 {formatCents(budget.target)}
        </p>
        <div className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
          <div
            className={`h-full rounded-full ${budget.overspent ? 'bg-red-500' : 'bg-emerald-500'}`}
            style={{ width: `${budget.percent}%` }}
          />
        </div>
      </div>
    </li>
  );
}

/** 今日目标, the ones switched on in 设置 → 基本, each visibly done or not. */
export function DailyGoals({ goals, shown }: { goals: Goals; shown: DailyGoalSwitches }) {
  const titleId = useId();
  const { budget, workout, focus } = goals;
  const none = !shown.budget && !shown.workout && !shown.focus;
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        今日目标
      </h2>
      {none ? (
        <p className="py-3 text-sm text-slate-500">
          还没有开启每日目标。
          <Link to="/settings?section=basic" className="text-blue-700 underline">
            去设置
          </Link>
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {shown.budget && <BudgetGoal budget={budget} />}
          {shown.workout && (
            <Goal title="完成一次运动" detail={`今日运动 ${workout.current} 次`} goal={workout} />
          )}
          {shown.focus && (
            <Goal
              title={focusGoalTitle(focus.target)}
              detail={`已专注 ${focus.current} / ${focus.target} 分钟`}
              goal={focus}
            />
          )}
        </ul>
      )}
    </section>
  );
}
