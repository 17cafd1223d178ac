import { X } from 'lucide-react';
import { memo, useId, useMemo, useState } from 'react';
import { newId } from '../../api/ids';
import { useCreateTask } from '../../api/tasks';
import type { Chip, ChipKind, QuickAddResult } from '../../domain/quick-add';

type Parse = typeof import('../../domain/quick-add').parseQuickAdd;

// chrono-node and the repeat rules load once the field is used, not with the screen (the
// service worker precaches the chunk, so it works offline all the same).
let parser: Promise<Parse> | null = null;
const loadParser = () => {
  parser ??= import('../../domain/quick-add').then((m) => m.parseQuickAdd);
  return parser;
};

interface QuickAddChipsProps {
  chips: readonly Chip[];
  onRemove: (kind: ChipKind) => void;
}

/**
 * What a quick-add line was read as, each part removable (its text then stays in the title).
 * @public for the + sheet (issue 40), with `quickAddTask` and domain/quick-add's parser.
 */
export function QuickAddChips({ chips, onRemove }: QuickAddChipsProps) {
  if (chips.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="识别结果">
      {chips.map((chip) => (
        <li
          key={chip.kind}
          className="inline-flex max-w-full items-center gap-1 rounded-full bg-blue-50 py-0.5 pr-1 pl-2.5 text-xs text-blue-700 ring-1 ring-blue-100"
        >
          <span className="truncate">{chip.label}</span>
          <button
            type="button"
            className="rounded-full p-0.5 hover:bg-blue-100"
            aria-label={`移除 ${chip.label}`}
            onClick={() => onRemove(chip.kind)}
          >
            <X size={12} aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The task a quick-add result stores: resolved values only, never the line to read again.
 * @public for the + sheet (issue 40).
 */
export function quickAddTask(result: QuickAddResult) {
  return {
    id: newId(),
    title: result.title,
    dueDate: result.dueDate,
    dueTime: result.dueTime,
    repeat: result.repeat,
    ...(result.priority ? { priority: result.priority } : {}),
    ...(result.category ? { category: result.category } : {}),
    // Only when the line names some: a line without 提醒 keeps what a new task gets anyway.
    ...(result.reminders ? { reminders: result.reminders } : {}),
    ...(result.tags ? { tags: result.tags } : {}),
  };
}

/**
 * 快速添加任务: one line, read as it is typed, saved on Enter (offline too, via the outbox).
 * `onAdded` hears the title saved (the + sheet closes and says so). Memoised: /tasks renders
 * at every filter, view, search key and dialog, and this field's hooks (a mutation among them)
 * came with each.
 */
export const QuickAdd = memo(function QuickAdd({ onAdded }: { onAdded?: (title: string) => void }) {
  const [line, setLine] = useState('');
  const [ignored, setIgnored] = useState<ReadonlySet<ChipKind>>(() => new Set());
  const [error, setError] = useState<string | null>(null);
  const create = useCreateTask();
  const errorId = useId();
  const [parse, setParse] = useState<Parse | null>(null);
  const load = () => {
    if (!parse) {
      loadParser().then(
        (p) => setParse(() => p),
        () => setError('快速添加加载失败，请检查网络后重试'),
      );
    }
  };
  // Read against the clock as it is when typed: 明天 is tomorrow of the moment of typing.
  const result = useMemo(
    () => (parse && line ? parse(line, new Date(), ignored) : null),
    [parse, line, ignored],
  );

  const submit = async () => {
    if (!line.trim()) return;
    const read = result ?? (await loadParser())(line, new Date(), ignored);
    if (!read.title) {
      setError('请填写标题');
      return;
    }
    create.mutate(quickAddTask(read));
    onAdded?.(read.title);
    setLine('');
    setIgnored(new Set());
    setError(null);
  };

  return (
    <div className="card min-w-0 space-y-2 py-3">
      <input
        type="text"
        className="input"
        aria-label="快速添加任务"
        placeholder="快速添加任务，如：明天下午3点 交房租 !高 #生活"
        enterKeyHint="done"
        maxLength={300}
        value={line}
        aria-invalid={!!error}
        aria-describedby={error ? errorId : undefined}
        onFocus={load}
        onChange={(e) => {
          load();
          setLine(e.target.value);
          setError(null);
          if (e.target.value === '') setIgnored(new Set());
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void submit();
          }
        }}
      />
      {error && (
        <p id={errorId} className="text-sm text-red-600" role="alert">
          {error}
        </p>
      )}
      <QuickAddChips
        chips={result?.chips ?? []}
        onRemove={(kind) => setIgnored((was) => new Set(was).add(kind))}
      />
    </div>
  );
});
