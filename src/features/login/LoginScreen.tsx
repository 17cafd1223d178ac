import { type FormEvent, useLayoutEffect, useState } from 'react';
import { useAuth } from '../../api/auth';
import { errorMessage } from '../../api/errors';
import { dropBootBar } from '../../components/boot-bar';
import { Field } from '../../components/Field';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { DemoAccounts } from './DemoAccounts';

type Errors = Partial<Record<'username' | 'password' | 'code', string>>;

/** The server's answer to the right password of an account with 两步验证 (server/routes/auth.ts). */
const asksForCode = (error: unknown) =>
  (error as { body?: { twoFactor?: unknown } } | null)?.body?.twoFactor === true;

// The one form without react-hook-form and zod: the login route is held to 100 KB gzip
// (docs/spec.md "Budgets") and those two cost 27 KB for two required fields. The server checks the
// same rules with loginSchema.
function validate(username: string, password: string): Errors {
  const errors: Errors = {};
  if (!username.trim()) errors.username = '请输入用户名';
  if (!password) errors.password = '请输入密码';
  return errors;
}

export function LoginScreen() {
  const { login, loginWithPasskey, notice } = useAuth();
  useDocumentTitle('登录');
  // A stored session that turned out expired lands here under the bar's title drawn for it.
  useLayoutEffect(dropBootBar, []);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The second step: the password was right, the account asks for a code.
  const [secondStep, setSecondStep] = useState(false);
  const [code, setCode] = useState('');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = secondStep
      ? code.trim()
        ? {}
        : { code: '请输入验证码' }
      : validate(username, password);
    setErrors(found);
    setFailure(null);
    if (found.username || found.password || found.code) return;
    setBusy(true);
    try {
      await login({
        username: username.trim(),
        password,
        ...(secondStep ? { code: code.trim() } : {}),
      });
    } catch (error) {
      if (!secondStep && asksForCode(error)) setSecondStep(true);
      else setFailure(errorMessage(error, '用户名或密码错误'));
      setBusy(false);
    }
  }

  // No password: the passkey proves both who it is and, by its PIN or fingerprint, the second
  // factor. A username typed first narrows the browser's choice to that account's passkeys.
  async function withPasskey() {
    if (busy) return;
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await loginWithPasskey(username.trim());
    } catch (error) {
      setFailure(errorMessage(error, '通行密钥登录失败，请重试'));
      setBusy(false);
    }
  }

  function back() {
    setSecondStep(false);
    setCode('');
    setPassword('');
    setErrors({});
    setFailure(null);
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-blue-50 via-slate-50 to-indigo-50 px-4">
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8">
        <h1 className="mb-1 text-center text-2xl font-bold text-slate-900">个人管理系统</h1>
        <p className="mb-6 text-center text-sm text-slate-500">
          记账 · 资产 · 健身 · 时间 · 任务 · 打卡
        </p>
        {notice && !failure && (
          <p
            role="status"
            className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800"
          >
            {notice}
          </p>
        )}
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {secondStep ? (
            <>
              <h2 className="text-lg font-semibold text-slate-900">两步验证</h2>
              <Field
                label="验证码"
                error={errors.code}
                hint="打开验证器应用，输入显示的 6 位数字；手机不在身边时可输入一个恢复码"
                required
              >
                {(id, describedBy) => (
                  <input
                    id={id}
                    name="code"
                    className="input tracking-widest tabular-nums"
                    placeholder="6 位验证码或恢复码"
                    autoComplete="one-time-code"
                    inputMode="text"
                    autoFocus
                    value={code}
                    onChange={(e) => setCode(e.target.value)}
                    aria-invalid={!!errors.code}
                    aria-describedby={describedBy}
                  />
                )}
              </Field>
            </>
          ) : (
            <>
              <Field label="用户名" error={errors.username} required>
                {(id, describedBy) => (
                  <input
                    id={id}
                    name="username"
                    className="input"
                    placeholder="请输入用户名"
                    autoComplete="username"
                    autoFocus
                    value={username}
                    onChange={(e) => setUsername(e.target.value)}
                    aria-invalid={!!errors.username}
                    aria-describedby={describedBy}
                  />
                )}
              </Field>
              <Field label="密码" error={errors.password} required>
                {(id, describedBy) => (
                  <input
                    id={id}
                    name="password"
                    type="password"
                    className="input"
                    placeholder="请输入密码"
                    autoComplete="current-password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    aria-invalid={!!errors.password}
                    aria-describedby={describedBy}
                  />
                )}
              </Field>
            </>
          )}
          {failure && (
            <div
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
            >
              {failure}
            </div>
          )}
          <button type="submit" className="btn-primary w-full py-2.5" disabled={busy}>
            {busy ? '登录中...' : secondStep ? '验证' : '登录'}
          </button>
          {secondStep ? (
            <button type="button" className="btn-secondary w-full" onClick={back}>
              返回
            </button>
          ) : (
            <>
              <p className="flex items-center gap-3 text-xs text-slate-400" aria-hidden="true">
                <span className="h-px flex-1 bg-slate-200" />或
                <span className="h-px flex-1 bg-slate-200" />
              </p>
              <button
                type="button"
                className="btn-secondary w-full py-2.5"
                disabled={busy}
                onClick={() => void withPasskey()}
              >
                使用通行密钥登录
              </button>
            </>
          )}
        </form>
        {import.meta.env.MODE === 'demo' && (
          <DemoAccounts
            onPick={(name, secret) => {
              setUsername(name);
              setPassword(secret);
            }}
          />
        )}
      </div>
    </main>
  );
}
