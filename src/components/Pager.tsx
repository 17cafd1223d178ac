import { ChevronLeft, ChevronRight } from 'lucide-react';

interface PagerProps {
  /** 0-based. */
  current: number;
  pageCount: number;
  onPage: (page: number) => void;
  className?: string;
}

/** 上一页 · 第 n / m 页 · 下一页, drawn only when there is more than one page. */
export function Pager({ current, pageCount, onPage, className = '' }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav
      aria-label="分页"
      className={`flex items-center justify-between gap-2 text-sm ${className}`}
    >
      <button
        type="button"
        className="btn-secondary"
        disabled={current === 0}
        onClick={() => onPage(current - 1)}
      >
        <ChevronLeft size={16} aria-hidden="true" />
        上一页
      </button>
      <span className="tabular-nums text-slate-600">
        第 {current + 1} / {pageCount} 页
      </span>
      <button
        type="button"
        className="btn-secondary"
        disabled={current === pageCount - 1}
        onClick={() => onPage(current + 1)}
      >
        下一页
        <ChevronRight size={16} aria-hidden="true" />
      </button>
    </nav>
  );
}
