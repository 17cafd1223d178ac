import type { ReactNode } from 'react';

export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 p-5 text-center tablet:p-8 text-slate-500">
      <p>{message}</p>
      {action}
    </div>
  );
}
