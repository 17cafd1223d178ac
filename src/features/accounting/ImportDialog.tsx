import { useEffect, useId, useMemo, useState } from 'react';
import { type BillImportOutcome, useImportBill } from '../../api/bill-import';
import { useCategoryBook } from '../../api/categories';
import { useSettingsQuery } from '../../api/settings';
import { useWallets } from '../../api/wallets';
import { Modal } from '../../components/Modal';
import { Pager } from '../../components/Pager';
import { Spinner } from '../../components/Spinner';
import type { BillTransfer } from '../../domain/bills/accounts';
import {
  categoryFor,
  draftsFromRows,
  type ImportDraft,
  rememberCounterparties,
  ruleCategory,
  sourceCategories,
} from '../../domain/bills/drafts';
import { type BillProblem, billSourceLabels, parseBillFile } from '../../domain/bills/parse';
import {
  type AccountPick,
  type CreditDays,
  defaultCreditDays,
  importPlan,
  NEW_ACCOUNT,
  NO_ACCOUNT,
  type PlannedAccount,
  pickOf,
  plannedAccounts,
  type ResolvedAccount,
  resolveAccounts,
  transferSides,
} from '../../domain/bills/plan';
import { formatCents } from '../../domain/money';
import {
  type AccountType,
  accountTypeLabels,
  accountTypes,
  walletTypeLabels,
} from '../../domain/schemas/categories';
import { DEFAULT_SETTINGS } from '../../domain/schemas/default-settings';
import type { CategoryRules } from '../../domain/schemas/settings';
import type { Wallet } from '../../domain/schemas/wallet';

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
  const book = useCategoryBook();
  return (
    <select
      className="input py-1 text-sm sm:w-28 sm:shrink-0"
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as Choice)}
    >
      {accountTypes.map((type) => (
        <optgroup key={type} label={accountTypeLabels[type]}>
          {book.options(type, parseChoice(value).category).map((o) => (
            <option key={o.id} value={choiceOf(type, o.id)}>
              {o.label}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}

const DAYS = Array.from({ length: 28 }, (_, i) => i + 1);

/** One account the bill names: matched to one of the user's, 新建, or 不指定. */
function AccountRow({
  account,
  pick,
  wallets,
  days,
  onPick,
  onDays,
}: {
  account: PlannedAccount;
  pick: AccountPick;
  wallets: readonly Wallet[];
  days: CreditDays;
  onPick: (pick: AccountPick) => void;
  onDays: (days: CreditDays) => void;
}) {
  const open = wallets.filter((w) => !w.archived || w.id === pick);
  const isNewCredit = pick === NEW_ACCOUNT && account.type === 'credit';
  return (
    <li className="flex flex-wrap items-center gap-2 text-sm">
      <span className="min-w-0 flex-1 truncate text-slate-700">
        {account.text}
        <span className="text-slate-400">（{account.count}）</span>
      </span>
      <select
        className="input w-44 py-1 text-sm"
        aria-label={`${account.text} 对应账户`}
        value={pick}
        onChange={(e) => onPick(e.target.value)}
      >
        {open.map((w) => (
          <option key={w.id} value={w.id}>
            {w.name}
          </option>
        ))}
        <option value={NEW_ACCOUNT}>
          新建「{account.name}」（{walletTypeLabels[account.type]}）
        </option>
        <option value={NO_ACCOUNT}>不指定</option>
      </select>
      {isNewCredit && (
        <span className="flex items-center gap-1 text-xs text-slate-600">
          <select
            className="input w-16 py-1 text-sm"
            aria-label={`${account.name} 账单日`}
            value={days.statementDay}
            onChange={(e) => onDays({ ...days, statementDay: Number(e.target.value) })}
          >
            {DAYS.map((d) => (
              <option key={d} value={d}>
                {d} 日
              </option>
            ))}
          </select>
          账单日
          <select
            className="input w-16 py-1 text-sm"
            aria-label={`${account.name} 还款日`}
            value={days.dueDay}
            onChange={(e) => onDays({ ...days, dueDay: Number(e.target.value) })}
          >
            {DAYS.map((d) => (
              <option key={d} value={d}>
                {d} 日
              </option>
            ))}
          </select>
          还款日
        </span>
      )}
    </li>
  );
}

function withRule(rules: CategoryRules, type: AccountType, source: string, category: string) {
  return { ...rules, [type]: { ...rules[type], [source]: category } } as CategoryRules;
}

const NO_WALLETS: readonly Wallet[] = [];

/** A 转账 row's 转出账户 → 转入账户, as they will be written, or why it cannot be. */
function TransferSides({
  transfer,
  resolved,
  blocked,
}: {
  transfer: BillTransfer;
  resolved: ReturnType<typeof resolveAccounts>;
  blocked: string | undefined;
}) {
  const sides = transferSides(transfer, resolved);
  const name = (side: ResolvedAccount | null, text: string) =>
    side ? `${side.name}${side.isNew ? '（新建）' : ''}` : `${text}（未指定）`;
  return (
    <>
      <p className="truncate text-xs text-slate-600" data-testid="transfer-sides">
        转账：{name(sides.from, transfer.from)} → {name(sides.to, transfer.to)}
      </p>
      {blocked && <p className="text-xs text-amber-700">{blocked}</p>}
    </>
  );
}

/**
 * 导入账单: the picked file read in the browser, shown row by row. Every row can be left out or
 * given another category (or type) before anything is saved; the rule table changes every row
 * of a 交易分类 at once and is kept, as are the categories chosen by hand per counterparty.
 */
export default function ImportDialog({ file, onClose }: { file: File; onClose: () => void }) {
  const book = useCategoryBook();
  const settingsQuery = useSettingsQuery();
  const loadedSettings = settingsQuery.data?.settings;
  const settings = loadedSettings ?? DEFAULT_SETTINGS;
  const importBill = useImportBill();
  const walletsQuery = useWallets();
  const wallets = walletsQuery.data?.items;
  const [loaded, setLoaded] = useState<Loaded>({ state: 'reading' });
  const [rules, setRules] = useState<CategoryRules | null>(null);
  const [picked, setPicked] = useState<Record<string, Choice>>({});
  const [included, setIncluded] = useState<Record<string, boolean>>({});
  const [showSkipped, setShowSkipped] = useState(false);
  const [page, setPage] = useState(0);
  const [result, setResult] = useState<BillImportOutcome | null>(null);
  const [accountPicks, setAccountPicks] = useState<Record<string, AccountPick>>({});
  const [creditDays, setCreditDays] = useState<Record<string, CreditDays>>({});
  const rulesTitle = useId();
  const accountsTitle = useId();

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
  const chosen = useMemo(() => rows.filter((r) => r.include), [rows]);
  // The 账户 of the kept rows, matched to the user's (none while those are read: nothing is
  // offered as new before it is known that no account of the user's is the one).
  const walletList = wallets ?? NO_WALLETS;
  const accounts = useMemo(
    () => (wallets ? plannedAccounts(chosen, wallets) : []),
    [chosen, wallets],
  );
  const { resolved, plan, blocked } = useMemo(() => {
    const resolved = resolveAccounts(accounts, accountPicks, walletList);
    const plan = importPlan(chosen, accounts, resolved, walletList, creditDays);
    const blocked = new Map(plan.blocked.map((b) => [b.id, b.message]));
    return { resolved, plan, blocked };
  }, [chosen, accounts, accountPicks, walletList, creditDays]);
  const writing = plan.entries.length + plan.transfers.length;
  const totals = { expense: 0, income: 0, transfer: 0 };
  for (const r of chosen) {
    if (r.transfer) {
      if (!blocked.has(r.id)) totals.transfer += r.amountCents;
    } else totals[r.type] += r.amountCents;
  }
  const transferCount = plan.transfers.length;
  const visible = showSkipped ? rows : rows.filter((r) => r.skipReason === null || r.include);
  const pageCount = Math.max(1, Math.ceil(visible.length / PAGE_SIZE));
  const current = Math.min(page, pageCount - 1);
  const shown = visible.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  const ruleRows = useMemo(() => sourceCategories(drafts), [drafts]);

  function save() {
    const choices = chosen
      .filter((r) => picked[r.id] && !r.transfer)
      .map((r) => ({ type: r.type, counterparty: r.row.counterparty, category: r.category }));
    const next = loadedSettings
      ? {
          ...loadedSettings,
          importRules,
          counterparties: rememberCounterparties(loadedSettings.counterparties, choices),
        }
      : null;
    importBill.mutate(
      {
        wallets: plan.wallets,
        records: plan.entries,
        transfers: plan.transfers,
        settings: next,
      },
      { onSuccess: setResult },
    );
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
          disabled={writing === 0 || importBill.isPending || !wallets}
          onClick={save}
        >
          {importBill.isPending ? '导入中...' : `导入 ${writing} 条`}
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
          {result.wallets.created + result.wallets.waiting > 0 && (
            <p className="text-sm">新建账户 {result.wallets.created + result.wallets.waiting} 个</p>
          )}
          {result.wallets.invalid > 0 && (
            <p className="text-sm">
              {result.wallets.invalid} 个账户未能新建
              {result.wallets.firstError && `：${result.wallets.firstError}`}
              ，相关记录已导入但未指定该账户，可在记账中修改
            </p>
          )}
        </div>
      )}
      {loaded.state === 'ready' && !result && (
        <div className="space-y-4">
          <p className="text-sm text-slate-600" aria-live="polite">
            {loaded.source}账单 · {file.name} · 共 {rows.length} 条，将导入 {writing} 条（支出{' '}
            {formatCents(totals.expense)}，收入 {formatCents(totals.income)}
            {transferCount > 0 && `，转账 ${transferCount} 笔 ${formatCents(totals.transfer)}`}
            ），跳过 {rows.length - writing} 条。同一文件重复导入不会重复记账。
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
                      {book
                        .options(type, ruleCategory(type, sourceCategory, importRules))
                        .map((o) => (
                          <option key={o.id} value={o.id}>
                            {o.label}
                          </option>
                        ))}
                    </select>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {walletsQuery.isError && (
            <p
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700"
            >
              无法读取账户列表，暂时无法导入：请关闭后重试
            </p>
          )}
          {!wallets && !walletsQuery.isError && <Spinner label="正在读取账户..." />}
          {accounts.length > 0 && (
            <section aria-labelledby={accountsTitle}>
              <h3 id={accountsTitle} className="mb-1 text-sm font-semibold text-slate-700">
                账户
              </h3>
              <p className="mb-2 text-xs text-slate-500">
                按账单中的支付方式对应到账户；没有对应的可新建，或选「不指定」。转账需要转出和转入两个账户。
              </p>
              <ul className="grid gap-2">
                {accounts.map((account) => (
                  <AccountRow
                    key={account.key}
                    account={account}
                    pick={pickOf(account, accountPicks)}
                    wallets={walletList}
                    days={creditDays[account.key] ?? defaultCreditDays(account)}
                    onPick={(pick) => setAccountPicks((s) => ({ ...s, [account.key]: pick }))}
                    onDays={(days) => setCreditDays((s) => ({ ...s, [account.key]: days }))}
                  />
                ))}
              </ul>
              {plan.wallets.length > 0 && (
                <p className="mt-2 text-sm text-slate-700">
                  将新建账户：
                  {plan.wallets.map((w) => `${w.name}（${walletTypeLabels[w.type]}）`).join('、')}
                </p>
              )}
            </section>
          )}
          {plan.blocked.length > 0 && (
            <p
              role="alert"
              className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-800"
            >
              {plan.blocked.length} 条转账缺少账户，不会导入：{plan.blocked[0]!.message}
            </p>
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
                  {r.transfer && (
                    <TransferSides
                      transfer={r.transfer}
                      resolved={resolved}
                      blocked={r.include ? blocked.get(r.id) : undefined}
                    />
                  )}
                </div>
                {r.transfer ? (
                  <>
                    <span className="shrink-0 text-sm font-semibold tabular-nums text-slate-700">
                      {formatCents(r.amountCents)}
                    </span>
                    <span className="shrink-0 rounded bg-blue-50 px-2 py-1 text-xs font-medium text-blue-700 sm:w-28 sm:text-center">
                      转账
                    </span>
                  </>
                ) : (
                  <>
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
                  </>
                )}
              </li>
            ))}
          </ul>
          <Pager current={current} pageCount={pageCount} onPage={setPage} />
        </div>
      )}
    </Modal>
  );
}
