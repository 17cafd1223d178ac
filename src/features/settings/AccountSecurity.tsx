import { zodResolver } from '@hookform/resolvers/zod';
import dayjs from 'dayjs';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  useChangePassword,
  useSessionsQuery,
  useSignOutOthers,
  useSignOutSession,
} from '../../api/account-security';
import { errorMessage, formatError } from '../../api/errors';
import { useConfirm } from '../../components/confirm';
import { ErrorBanner } from '../../components/ErrorBanner';
import { InputField } from '../../components/form-fields';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/toast';
import {
  type ChangePasswordInput,
  changePasswordSchema,
  type SessionInfo,
} from '../../domain/schemas/account-security';
import { describeUserAgent } from '../../domain/user-agent';

const when = (iso: string) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

function SessionRow({ session }: { session: SessionInfo }) {
  const confirm = useConfirm();
  const toast = useToast();
  const signOut = useSignOutSession();
  const name = describeUserAgent(session.userAgent);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {name}
          {session.current && (
            <span className="ml-2 rounded-full bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-700">
              本设备
            </span>
          )}
        </p>
        <p className="text-sm text-slate-500 tabular-nums">
          登录于 {when(session.createdAt)} · 最近使用 {when(session.lastUsedAt)}
        </p>
      </div>
      {!session.current && (
        <button
          type="button"
          className="btn-secondary"
          aria-label={`退出 ${name}（登录于 ${when(session.createdAt)}）`}
          disabled={signOut.isPending}
          onClick={async () => {
            if (!(await confirm(`让 ${name} 退出登录？`, { confirmLabel: '退出' }))) return;
            signOut.mutate(session.id, {
              onSuccess: () => toast.success('已退出该设备'),
              onError: (error) => toast.error(formatError('退出失败：{message}', error)),
            });
          }}
        >
          退出
        </button>
      )}
    </li>
  );
}

function Devices() {
  const { data, isPending, error, refetch } = useSessionsQuery();
  const confirm = useConfirm();
  const toast = useToast();
  const others = useSignOutOthers();
  const title = useId();
  const count = data?.filter((s) => !s.current).length ?? 0;
  return (
    <section aria-labelledby={title} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={title} className="font-semibold text-slate-900">
          登录设备
        </h3>
        <button
          type="button"
          className="btn-secondary"
          disabled={count === 0 || others.isPending}
          onClick={async () => {
            if (!(await confirm(`让其他 ${count} 台设备退出登录？`, { confirmLabel: '退出' }))) {
              return;
            }
            others.mutate(undefined, {
              onSuccess: () => toast.success('其他设备已退出登录'),
              onError: (e) => toast.error(formatError('退出失败：{message}', e)),
            });
          }}
        >
          退出其他设备
        </button>
      </div>
      {isPending ? (
        <Spinner />
      ) : error ? (
        <ErrorBanner
          message={formatError('加载登录设备失败：{message}', error)}
          onRetry={() => void refetch()}
        />
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ChangePassword() {
  const toast = useToast();
  const change = useChangePassword();
  const title = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', signOutOthers: true },
  });
  const submit = handleSubmit((input) =>
    change.mutate(input, {
      onSuccess: () => {
        reset();
        toast.success(
          input.signOutOthers === false ? '密码已修改' : '密码已修改，其他设备已退出登录',
        );
      },
      onError: (error) => {
        const message = errorMessage(error, '修改密码失败');
        if (message === '当前密码不正确') setError('currentPassword', { message });
        else toast.error(formatError('修改密码失败：{message}', error));
      },
    }),
  );
  return (
    <section aria-labelledby={title} className="space-y-3">
      <h3 id={title} className="font-semibold text-slate-900">
        修改密码
      </h3>
      <form onSubmit={submit} noValidate className="grid max-w-md gap-3">
        <InputField
          label="当前密码"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <InputField
          label="新密码"
          type="password"
          autoComplete="new-password"
          hint="至少 8 位"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" {...register('signOutOthers')} />
          同时退出其他设备
        </label>
        <div>
          <button type="submit" className="btn-primary" disabled={change.isPending}>
            {change.isPending ? '保存中...' : '修改密码'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** 设置 → 账号安全: the signed-in devices and the password. Needs the server. */
export function AccountSecurity() {
  const title = useId();
  return (
    <section className="card mt-4 space-y-5" aria-labelledby={title}>
      <h2 id={title} className="text-lg font-semibold text-slate-900">
        账号安全
      </h2>
      <Devices />
      <hr className="border-slate-100" />
      <ChangePassword />
    </section>
  );
}
