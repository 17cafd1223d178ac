import { Timer } from 'lucide-react';
import { useTimeRecords } from '../../api/time-records';
import { formatSeconds, taskFocus } from '../../domain/focus';

/**
 * 已专注 on a task being edited: the time of every focus session started from its 专注.
 * Read when the dialog opens, not with the list: /tasks would otherwise read every time
 * record (20,000 at ten years) to draw rows that mostly have none.
 */
export function TaskFocusTime({ taskId }: { taskId: string }) {
  const { data } = useTimeRecords();
  if (!data?.items) return null;
  const { seconds, sessions } = taskFocus(data.items, taskId);
  if (sessions === 0) return null;
  return (
    <p className="flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300">
      <Timer size={14} aria-hidden="true" />
      已专注 {formatSeconds(seconds)}（{sessions} 次）
    </p>
  );
}
