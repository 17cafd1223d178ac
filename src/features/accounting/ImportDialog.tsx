import { useEffect, useId, useMemo, useState } from 'react';
import { useImportBill } from '../../api/bill-import';
import type { ManyOutcome } from '../../api/engine';
import { useSettingsQuery } from '../../api/settings';
import { Modal } from '../../components/Modal';
import { Pager } from '../../components/Pager';
import { Spinner } from '../../components/Spinner';
import {
  categoryFor,
  draftsFromRows,
  draftToInput,
  type ImportDraft,
  rememberCounterparties,
  ruleCategory,
  sourceCategories,
} from '../../domain/bills/drafts';
import { type BillProblem, billSourceLabels, parseBillFile } from '../../domain/bills/parse';
import { formatCents } from '../../domain/money';
import {
  type AccountType,
  accountCategoryLabels,
  accountTypeLabels,
  accountTypes,
} from '../../domain/schemas/categories';
import { DEFAULT_SETTINGS } from '../../domain/schemas/default-settings';
import type { CategoryRules } from '../../domain/schemas/settings';

/** Rows per page of the preview: a year of bills is a few thousand rows. */
const PAGE_SIZE = 100;

type Loaded =
  | { state: 'reading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; source: string; drafts: ImportDraft[]; problems: BillProblem[] };

/** A row's choice: 'expense:dining'. Picking a category of the other type changes the type. */
type Choice = `${AccountType}:${string}`;
const choiceOf = (type: AccountType, category: string): Choice => `${type}:${category}`;
const parseChoice = (choice: Choice) => {
  const [type, category] = choice.split(':') as [AccountType, string];
  return { type, category };
};

function CategorySelect({
  value,
  onChange,
  label,
}: {
  value: Choice;
  onChange: (value: Choice) => void;
  label: string;
}) {
  return (
    <select
      className="input py-1 text-sm sm:w-28 sm:shrink-0"
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as Choice)}
    >
      {accountTypes.map((type) => (
        <optgroup key={type} label={accountTypeLabels[type]}>
          {Object.entries(accountCategoryLabels(type)).map(([key, text]) => (
            <option key={key} value={choiceOf(type, key)}>
              {text}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}

function withRule(rules: CategoryRules, type: AccountType, source: string, category: string) {
  return { ...rules, [type]: { ...rules[type], [source]: category } } as CategoryRules;
}

/**
 * 导入账单: the picked file read in the browser, shown row by row. Every row can be left out or
 * given another category (or type) before anything is saved; the rule table changes every row
 * of a 交易分类 at once and is kept, as are the categories chosen by hand per counterparty.
 */
export default function ImportDialog({ file, onClose }: { file: File; onClose: () => void }) {
  const settingsQuery = useSettingsQuery();
  const loadedSettings = settingsQuery.data?.settings;
  const settings = loadedSettings ?? DEFAULT_SETTINGS;
  const importBill = useImportBill();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'reading' });
  const [rules, setRules] = useState<CategoryRules | null>(null);
  const [picked, setPicked] = useState<Record<string, Choice>>({});
  const [included, setIncluded] = useState<Record<string, boolean>>({});
  const [showSkipped, setShowSkipped] = useState(false);
  const [page, setPage] = useState(0);
  const [result, setResult] = useState<ManyOutcome | null>(null);
  const rulesTitle = useId();

  // Rows are read once; the rules in force when they are shown come from the settings.
  useEffect(() => {
    let cancelled = false;
    file
      .arrayBuffer()
      .then((buffer) => parseBillFile(new Uint8Array(buffer)))
      .then((parsed) => {
        if (cancelled) return;
        if (!parsed.ok) setLoaded({ state: 'failed', message: parsed.message });
        else {
          const drafts = draftsFromRows(parsed.rows, DEFAULT_SETTINGS);
          setLoaded({
            state: 'ready',
            source: billSourceLabels[parsed.source],
            drafts,
            problems: parsed.problems,
          });
        }
      })
      .catch(() => {
        if (!cancelled) setLoaded({ state: 'failed', message: '无法读取这个文件' });
      });
    return () => {
      cancelled = true;
    };
  }, [file]);

  const importRules = rules ?? settings.importRules;
  const drafts = loaded.state === 'ready' ? loaded.drafts : [];
  // The preview as it stands: the user's rules and picks over the parsed rows.
  const rows = useMemo(
    () =>
      drafts.map((d) => {
        const pick = picked[d.id];
        const { type, category } = pick
          ? parseChoice(pick)
          : {
              type: d.type,
              category: categoryFor(d.type, d.row, {
                importRules,
                counterparties: settings.counterparties,
              }),
            };
        return { ...d, type, category, include: included[d.id] ?? d.skipReason === null };
      }),
    [drafts, picked, included, importRules, settings.counterparties],
  );
  const chosen = rows.filter((r) => r.include);
  const totals = { expense: 0, income: 0 };
  for (const r of chosen) totals[r.type] += r.amountCents;
  const visible = showSkipped ? rows : rows.filter((r) => r.skipReason === null || r.include);
  const pageCount = Math.max(1, Math.ceil(visible.length / PAGE_SIZE));
  const current = Math.min(page, pageCount - 1);
  const shown = visible.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  const ruleRows = useMemo(() => sourceCategories(drafts), [drafts]);

  function save() {
    const records = chosen.map((r) => draftToInput(r));
    const choices = chosen
      .filter((r) => picked[r.id])
      .map((r) => ({ type: r.type, counterparty: r.row.counterparty, category: r.category }));
    const next = loadedSettings
      ? {
          ...loadedSettings,
          importRules,
          counterparties: rememberCounterparties(loadedSettings.counterparties, choices),
        }
      : null;
    importBill.mutate({ records, settings: next }, { onSuccess: setResult });
  }

  const footer =
    result || loaded.state !== 'ready' ? (
      <button type="button" className="btn-primary" onClick={onClose}>
        {result ? '完成' : '关闭'}
      </button>
    ) : (
      <>
        <button type="button" className="btn-secondary" onClick={onClose}>
          取消
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={chosen.length === 0 || importBill.isPending}
          onClick={save}
        >
          {importBill.isPending ? '导入中...' : `导入 ${chosen.length} 条`}
        </button>
      </>
    );

  return (
    <Modal title="导入账单" onClose={onClose} footer={footer} size="lg">
      {loaded.state === 'reading' && <Spinner label="正在读取账单..." />}
      {loaded.state === 'failed' && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-700">
          {loaded.message}
        </p>
      )}
      {result && (
        <div
          role="status"
          className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-emerald-800"
        >
          {result.waiting < result.created + result.existing + result.invalid + result.waiting && (
            <p className="font-medium">
              导入完成：新增 {result.created} 条，已存在 {result.existing} 条
              {result.invalid > 0 && `，${result.invalid} 条未能导入`}
            </p>
          )}
          {result.waiting > 0 && (
            <p className="font-medium">{result.waiting} 条已保存在本机，连接服务器后自动同步</p>
          )}
          {result.firstError && <p className="text-sm">{result.firstError}</p>}
        </div>
      )}
      {loaded.state === 'ready' && !result && (
        <div className="space-y-4">
          <p className="text-sm text-slate-600" aria-live="polite">
            {loaded.source}账单 · {file.name} · 共 {rows.length} 条，将导入 {chosen.length} 条（支出{' '}
            {formatCents(totals.expense)}，收入 {formatCents(totals.income)}），跳过{' '}
            {rows.length - chosen.length} 条。同一文件重复导入不会重复记账。
          </p>
          {loaded.problems.length > 0 && (
            <div
              role="alert"
              className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-800"
            >
              <p className="font-medium">{loaded.problems.length} 行无法识别，未列入：</p>
              <ul className="list-disc pl-5">
                {loaded.problems.slice(0, 5).map((p) => (
                  <li key={p.line}>
                    第 {p.line} 行：{p.message}
                  </li>
                ))}
              </ul>
            </div>
          )}

          {ruleRows.length > 0 && (
            <section aria-labelledby={rulesTitle}>
              <h3 id={rulesTitle} className="mb-1 text-sm font-semibold text-slate-700">
                分类规则
              </h3>
              <p className="mb-2 text-xs text-slate-500">
                按账单中的分类统一归类，导入后记住；单独修改过的行按交易对方记住。
              </p>
              <ul className="grid gap-2 sm:grid-cols-2">
                {ruleRows.map(({ type, sourceCategory, count }) => (
                  <li key={`${type}:${sourceCategory}`} className="flex items-center gap-2 text-sm">
                    <span className="min-w-0 flex-1 truncate text-slate-700">
                      {accountTypeLabels[type]} · {sourceCategory}
                      <span className="text-slate-400">（{count}）</span>
                    </span>
                    <select
                      className="input w-28 py-1 text-sm"
                      aria-label={`${sourceCategory}归入`}
                      value={ruleCategory(type, sourceCategory, importRules)}
                      onChange={(e) =>
                        setRules(withRule(importRules, type, sourceCategory, e.target.value))
                      }
                    >
                      {Object.entries(accountCategoryLabels(type)).map(([key, text]) => (
                        <option key={key} value={key}>
                          {text}
                        </option>
                      ))}
                    </select>
                  </li>
                ))}
              </ul>
            </section>
          )}

          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={showSkipped}
              onChange={(e) => {
                setShowSkipped(e.target.checked);
                setPage(0);
              }}
            />
            显示跳过的记录（不计收支、退款、交易关闭等）
          </label>

          <ul className="divide-y divide-slate-100" aria-label="账单明细">
            {shown.map((r) => (
              <li
                key={r.id}
                className={`flex flex-wrap items-center gap-2 py-2 sm:flex-nowrap ${r.include ? '' : 'opacity-60'}`}
              >
                <input
                  type="checkbox"
                  className="h-4 w-4 shrink-0"
                  aria-label={`导入 ${r.row.date} ${r.description}`}
                  checked={r.include}
                  onChange={(e) => setIncluded((s) => ({ ...s, [r.id]: e.target.checked }))}
                />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">
                    {r.description || r.row.sourceCategory}
                  </p>
                  <p className="truncate text-xs text-slate-500">
                    <time dateTime={r.row.date}>{r.row.time}</time>
                    {r.row.sourceCategory && ` · ${r.row.sourceCategory}`}
                    {r.skipReason && (
                      <span className="ml-1 rounded bg-slate-100 px-1 text-slate-600">
                        {r.skipReason}
                      </span>
                    )}
                  </p>
                </div>
                <span
                  className={`shrink-0 text-sm font-semibold tabular-nums ${r.type === 'expense' ? 'text-red-600' : 'text-emerald-700'}`}
                >
                  {r.type === 'expense' ? '-' : '+'}
                  {formatCents(r.amountCents)}
                </span>
                <CategorySelect
                  label={`${r.description} 的分类`}
                  value={choiceOf(r.type, r.category)}
                  onChange={(value) => setPicked((s) => ({ ...s, [r.id]: value }))}
                />
              </li>
            ))}
          </ul>
          <Pager current={current} pageCount={pageCount} onPage={setPage} />
        </div>
      )}
    </Modal>
  );
}
