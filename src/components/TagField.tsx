import { X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTagSuggestions } from '../api/tags';
import { cleanTag, MAX_TAGS, tagProblem } from '../domain/tags';

interface TagFieldProps {
  value: readonly string[];
  onChange: (tags: string[]) => void;
  /** The form's own message for the field (the schema's), shown under it. */
  error?: string;
}

/** Suggestions shown at most: the most recently used tags that match what is typed. */
const SHOWN = 8;

/**
 * 标签 on a form (issue 63): the record's tags as removable chips, a box that adds one on
 * Enter, space or comma, and the user's tags by recent use to pick from.
 */
export function TagField({ value, onChange, error }: TagFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // Every list is read once the field is used; until then, the lists the screen has read.
  const [wanted, setWanted] = useState(false);
  const all = useTagSuggestions(wanted);
  const typed = cleanTag(text);
  const suggestions = all
    .filter((t) => !value.includes(t) && (typed === '' || t.includes(typed)))
    .slice(0, SHOWN);

  const add = (raw: string) => {
    const tag = cleanTag(raw);
    if (tag === '') return;
    const wrong = tagProblem(tag);
    if (wrong) return setProblem(wrong);
    if (value.includes(tag)) {
      setText('');
      return setProblem(null);
    }
    if (value.length >= MAX_TAGS) return setProblem(`标签最多 ${MAX_TAGS} 个`);
    onChange([...value, tag]);
    setText('');
    setProblem(null);
  };
  const remove = (tag: string) => onChange(value.filter((t) => t !== tag));

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'Enter' || e.key === ',' || e.key === '，' || e.key === ' ') {
      // Enter adds the tag rather than submitting the form.
      if (e.key !== 'Enter' || text.trim() !== '') e.preventDefault();
      add(text);
    } else if (e.key === 'Backspace' && text === '' && value.length > 0) {
      remove(value[value.length - 1]!);
    }
  };

  const message = problem ?? error;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        标签
      </label>
      <div className="flex min-h-10 flex-wrap items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2 py-1.5 focus-within:ring-2 focus-within:ring-blue-500">
        {value.map((tag) => (
          <span
            key={tag}
            className="inline-flex max-w-full items-center gap-0.5 rounded-full bg-violet-50 py-0.5 pr-0.5 pl-2 text-xs text-violet-700 ring-1 ring-violet-100"
          >
            <span className="truncate">#{tag}</span>
            <button
              type="button"
              className="rounded-full p-0.5 hover:bg-violet-100"
              aria-label={`移除标签 ${tag}`}
              onClick={() => remove(tag)}
            >
              <X size={12} aria-hidden="true" />
            </button>
          </span>
        ))}
        <input
          id={id}
          type="text"
          className="min-w-[6rem] flex-1 bg-transparent py-0.5 text-sm outline-none"
          placeholder={value.length === 0 ? '输入标签后按回车，如 旅行' : ''}
          enterKeyHint="done"
          maxLength={40}
          value={text}
          aria-invalid={!!message}
          aria-describedby={message ? messageId : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setWanted(true)}
          onBlur={() => text.trim() && add(text)}
        />
      </div>
      {suggestions.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="常用标签">
          {suggestions.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                className="rounded-full px-2 py-0.5 text-xs text-slate-600 ring-1 ring-slate-200 hover:bg-slate-100"
                aria-label={`添加标签 ${tag}`}
                onClick={() => add(tag)}
              >
                #{tag}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {message ? (
        <p id={messageId} className="text-sm text-red-600">
          {message}
        </p>
      ) : (
        <p className="text-xs text-slate-500">备注中写 #标签 也会添加</p>
      )}
    </div>
  );
}
