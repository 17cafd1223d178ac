import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatMonth } from '../domain/checkin';
import { addMonths } from '../domain/dates';

interface MonthPickerProps {
  month: string;
  /** The month holding today: the latest one there is anything to see in. */
  currentMonth: string;
  onChange: (month: string) => void;
}

/** 上个月 / the month / 下个月 (never past the current one) / 本月: 打卡 and 记账's 月度报告. */
export function MonthPicker({ month, currentMonth, onChange }: MonthPickerProps) {
  return (
    <nav aria-label="月份" className="flex items-center gap-1">
      <button
        type="button"
        className="btn-icon"
        aria-label="上个月"
        title="上个月"
        onClick={() => onChange(addMonths(month, -1))}
      >
        <ChevronLeft size={18} />
      </button>
      <span
        className="min-w-24 text-center font-medium tabular-nums text-slate-800"
        aria-live="polite"
      >
        {formatMonth(month)}
      </span>
      <button
        type="button"
        className="btn-icon disabled:pointer-events-none disabled:opacity-30"
        aria-label="下个月"
        title="下个月"
        disabled={month >= currentMonth}
        onClick={() => onChange(addMonths(month, 1))}
      >
        <ChevronRight size={18} />
      </button>
      {month !== currentMonth && (
        <button
          type="button"
          className="btn-ghost px-2 py-1"
          onClick={() => onChange(currentMonth)}
        >
          本月
        </button>
      )}
    </nav>
  );
}
