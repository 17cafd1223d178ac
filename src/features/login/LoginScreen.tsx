import { zodResolver } from '@hookform/resolvers/zod';
import { LockKeyhole, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAuth } from '../../api/auth';
import { errorMessage } from '../../api/http';
import { Field } from '../../components/Field';
import { type LoginInput, loginSchema } from '../../domain/schemas/auth';
import { DemoAccounts } from './DemoAccounts';

export function LoginScreen() {
  const { login } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await login(values);
    } catch (error) {
      setFailure(errorMessage(error, '用户名或密码错误'));
    }
  });

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-blue-50 via-slate-50 to-indigo-50 px-4">
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8">
        <h1 className="mb-1 text-center text-2xl font-bold text-slate-900">个人管理系统</h1>
        <p className="mb-6 text-center text-sm text-slate-500">
          记账 · 资产 · 健身 · 时间 · 任务 · 打卡
        </p>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Field label="用户名" error={errors.username?.message} required>
            {(id, describedBy) => (
              <div className="relative">
                <UserRound
                  size={16}
                  className="absolute top-3 left-3 text-slate-400"
                  aria-hidden="true"
                />
                <input
                  id={id}
                  className="input pl-9"
                  placeholder="请输入用户名"
                  autoComplete="username"
                  autoFocus
                  aria-invalid={!!errors.username}
                  aria-describedby={describedBy}
                  {...register('username')}
                />
              </div>
            )}
          </Field>
          <Field label="密码" error={errors.password?.message} required>
            {(id, describedBy) => (
              <div className="relative">
                <LockKeyhole
                  size={16}
                  className="absolute top-3 left-3 text-slate-400"
                  aria-hidden="true"
                />
                <input
                  id={id}
                  type="password"
                  className="input pl-9"
                  placeholder="请输入密码"
                  autoComplete="current-password"
                  aria-invalid={!!errors.password}
                  aria-describedby={describedBy}
                  {...register('password')}
                />
              </div>
            )}
          </Field>
          {failure && (
            <div
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
            >
              {failure}
            </div>
          )}
          <button type="submit" className="btn-primary w-full py-2.5" disabled={isSubmitting}>
            {isSubmitting ? '登录中...' : '登录'}
          </button>
        </form>
        {import.meta.env.MODE === 'demo' && (
          <DemoAccounts
            onPick={(username, password) => {
              setValue('username', username);
              setValue('password', password);
            }}
          />
        )}
      </div>
    </main>
  );
}
