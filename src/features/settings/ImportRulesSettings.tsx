import { useUpdateSettings } from '../../api/settings';
import type { Settings } from '../../domain/schemas/settings';
import { SettingsCard } from './auto-save';

/** 设置 → 导入规则: what the bill import has learnt, and a way to forget it. */
export function ImportRulesSettings({ saved }: { saved: Settings }) {
  const save = useUpdateSettings();
  const remembered =
    Object.keys(saved.counterparties.expense).length +
    Object.keys(saved.counterparties.income).length;
  const rules =
    Object.keys(saved.importRules.expense).length + Object.keys(saved.importRules.income).length;
  const forget = (what: 'counterparties' | 'importRules') =>
    save.mutate((current) => ({ ...current, [what]: { expense: {}, income: {} } }));

  return (
    <SettingsCard title="导入账单" save={save} className="space-y-3">
      <p className="text-sm text-slate-600">
        已保存 {rules} 条分类规则，记住了 {remembered}{' '}
        个交易对方的分类。导入支付宝、微信支付账单时自动使用。
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary"
          disabled={rules === 0 || save.isPending}
          onClick={() => forget('importRules')}
        >
          恢复默认分类规则
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={remembered === 0 || save.isPending}
          onClick={() => forget('counterparties')}
        >
          清除交易对方记忆
        </button>
      </div>
    </SettingsCard>
  );
}
