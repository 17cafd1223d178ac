import { DEMO_ACCOUNTS } from '../../../mocks/demo-accounts';

/** Demo mode only: the accounts its in-browser server knows, one click to fill the form. */
export function DemoAccounts({ onPick }: { onPick: (username: string, password: string) => void }) {
  return (
    <section
      className="mt-6 rounded-lg bg-slate-50 p-3 text-sm text-slate-600"
      aria-label="演示账号"
    >
      <p className="mb-2 font-medium text-slate-700">演示模式 · 数据只保存在本页面内</p>
      <ul className="space-y-1">
        {DEMO_ACCOUNTS.map((a) => (
          <li key={a.username} className="flex items-center justify-between gap-2">
            <span>
              {a.displayName}：<code>{a.username}</code> / <code>{a.password}</code>
            </span>
            <button
              type="button"
              className="text-blue-600 hover:underline"
              onClick={() => onPick(a.username, a.password)}
            >
              填入
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
