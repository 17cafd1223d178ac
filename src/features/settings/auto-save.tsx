import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useUpdateSettings } from '../../api/settings';
import type { Settings, SettingsInput } from '../../domain/schemas/settings';
import { settingsSchema } from '../../domain/schemas/settings';

// 设置 saves the same way everywhere: a change saves itself, and the section says 已保存.
// Typed values wait until typing pauses (or the field is left), so a half-typed amount is not
// sent; a value the rules refuse names what is wrong and saves nothing.

/** How long typing pauses before the section saves. */
const SAVE_DELAY_MS = 600;

type Mutation = ReturnType<typeof useUpdateSettings>;

/** 保存中… / 已保存 / the failure, beside a section's heading, read out as it changes. */
function SaveStatus({ save }: { save: Pick<Mutation, 'status'> }) {
  const text =
    save.status === 'pending'
      ? '保存中…'
      : save.status === 'success'
        ? '✓ 已保存'
        : save.status === 'error'
          ? '保存失败'
          : '';
  return (
    <p
      role="status"
      className={`min-h-5 shrink-0 text-sm ${save.status === 'error' ? 'text-red-600' : 'text-slate-500'}`}
    >
      {text}
    </p>
  );
}

/** A card of 设置 with its heading and, where it saves, its 已保存 status. */
export function SettingsCard({
  title,
  save,
  children,
  className = 'space-y-4',
}: {
  title: string;
  save?: Pick<Mutation, 'status'>;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section className={`card ${className}`} aria-labelledby={id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {save && <SaveStatus save={save} />}
      </div>
      {children}
    </section>
  );
}

/** Schema issues keyed by their dotted path, the first one per field. */
function issuesByPath(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * A section's form: a draft of what is typed, checked with the settings' own rules and saved
 * on top of the newest settings once typing pauses. `toChange` turns the draft into the fields
 * it sets; only those are written.
 */
export function useSettingsDraft<D>(
  saved: Settings,
  toDraft: (settings: Settings) => D,
  toChange: (draft: D) => Partial<SettingsInput>,
) {
  const save = useUpdateSettings();
  const [draft, setDraft] = useState(() => toDraft(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const latest = useRef(draft);
  latest.current = draft;
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const ref = useRef<HTMLDivElement>(null);
  // Read through refs so that a flush on unmount uses this render's functions.
  const fns = useRef({ toChange, saved, mutate: save.mutate });
  fns.current = { toChange, saved, mutate: save.mutate };

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (!dirty.current) return;
    dirty.current = false;
    const { toChange: change, saved: base, mutate } = fns.current;
    const fields = change(latest.current);
    const parsed = settingsSchema.safeParse({ ...base, ...fields });
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error.issues));
      return;
    }
    setErrors({});
    const picked = Object.fromEntries(
      Object.keys(fields).map((key) => [key, parsed.data[key as keyof Settings]]),
    ) as Partial<Settings>;
    mutate((current) => ({ ...current, ...picked }));
  }, []);

  const set = useCallback(
    (change: Partial<D> | ((d: D) => D)) => {
      setDraft((d) => (typeof change === 'function' ? change(d) : { ...d, ...change }));
      dirty.current = true;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DELAY_MS);
    },
    [flush],
  );

  // Leaving a field saves it at once; leaving the section (another tab, another screen) saves
  // what was typed.
  useEffect(() => {
    const section = ref.current;
    section?.addEventListener('focusout', flush);
    return () => {
      section?.removeEventListener('focusout', flush);
      flush();
    };
  }, [flush]);

  // The settings changed elsewhere (the server's copy arrived, another device saved): shown
  // here unless the user is typing in this section.
  const toDraftRef = useRef(toDraft);
  toDraftRef.current = toDraft;
  useEffect(() => {
    const typing = ref.current?.contains(document.activeElement) ?? false;
    if (!dirty.current && !typing) setDraft(toDraftRef.current(saved));
  }, [saved]);

  return { draft, set, errors, save, ref };
}
