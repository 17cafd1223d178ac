import { zodResolver } from '@hookform/resolvers/zod';
import dayjs from 'dayjs';
import { type FormEvent, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  refusedInput,
  useChangePassword,
  useDisableTotp,
  useEnableTotp,
  useSessionsQuery,
  useSignOutOthers,
  useSignOutSession,
  useStartTotp,
  useTwoFactorQuery,
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
import { Passkeys } from './Passkeys';
import { PasswordFields } from './PasswordFields';

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
        <PasswordFields register={register} errors={errors} />
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

function TwoFactor() {
  const title = useId();
  const toast = useToast();
  const { data, isPending, error, refetch } = useTwoFactorQuery();
  const start = useStartTotp();
  const enable = useEnableTotp();
  const disable = useDisableTotp();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const enrolment = start.data;

  const fail = (error: unknown, fallback: string) => {
    const message = errorMessage(error, fallback);
    if (refusedInput(error)) setFieldError(message);
    else toast.error(message);
  };

  function confirmEnable(event: FormEvent) {
    event.preventDefault();
    setFieldError(null);
    if (!/^\d{6}$/.test(code.trim())) return setFieldError('请输入 6 位验证码');
    if (!password) return setFieldError('请输入当前密码');
    enable.mutate(
      { secret: enrolment!.secret, code: code.trim(), password },
      {
        onSuccess: ({ recoveryCodes }) => {
          setRecoveryCodes(recoveryCodes);
          setCode('');
          setPassword('');
          start.reset();
        },
        onError: (e) => fail(e, '开启失败'),
      },
    );
  }

  function confirmDisable(event: FormEvent) {
    event.preventDefault();
    setFieldError(null);
    if (!password) return setFieldError('请输入当前密码');
    disable.mutate(password, {
      onSuccess: () => {
        setPassword('');
        toast.success('两步验证已关闭');
      },
      onError: (e) => fail(e, '关闭失败'),
    });
  }

  const passwordField = (
    <InputField
      label="当前密码"
      type="password"
      autoComplete="current-password"
      value={password}
      onChange={(e) => setPassword(e.target.value)}
    />
  );

  return (
    <section aria-labelledby={title} className="space-y-3">
      <h3 id={title} className="font-semibold text-slate-900">
        两步验证
      </h3>
      {recoveryCodes ? (
        <div className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-3">
          <p className="text-sm font-medium text-amber-900">
            两步验证已开启。以下 10
            个恢复码只显示这一次，请抄写或保存在安全的地方；手机不在身边时，每个恢复码可代替验证码登录一次。
          </p>
          <ol
            aria-label="恢复码"
            className="grid grid-cols-2 gap-x-4 gap-y-1 font-mono text-sm text-slate-900 sm:grid-cols-5"
          >
            {recoveryCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ol>
          <button type="button" className="btn-primary" onClick={() => setRecoveryCodes(null)}>
            我已保存恢复码
          </button>
        </div>
      ) : isPending ? (
        <Spinner />
      ) : error ? (
        <ErrorBanner
          message={formatError('加载两步验证状态失败：{message}', error)}
          onRetry={() => void refetch()}
        />
      ) : data.enabled ? (
        <form onSubmit={confirmDisable} noValidate className="grid max-w-md gap-3">
          <p className="text-sm text-slate-600">
            已开启：登录时除密码外还需输入验证器应用中的验证码。剩余 {data.recoveryCodesLeft}{' '}
            个恢复码。
          </p>
          {passwordField}
          {fieldError && (
            <p role="alert" className="text-sm text-red-600">
              {fieldError}
            </p>
          )}
          <div>
            <button type="submit" className="btn-secondary" disabled={disable.isPending}>
              关闭两步验证
            </button>
          </div>
        </form>
      ) : enrolment ? (
        <form onSubmit={confirmEnable} noValidate className="grid max-w-md gap-3">
          <p className="text-sm text-slate-600">
            用验证器应用（如 Google Authenticator、Microsoft
            Authenticator）扫描二维码，或手动输入密钥，然后填写应用显示的 6 位验证码。
          </p>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
            alt="两步验证二维码"
            className="h-44 w-44 rounded-lg bg-white p-1"
          />
          <p className="break-all font-mono text-sm text-slate-800">
            密钥：<span className="select-all">{enrolment.secret}</span>
          </p>
          <InputField
            label="验证码"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          {passwordField}
          {fieldError && (
            <p role="alert" className="text-sm text-red-600">
              {fieldError}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary" disabled={enable.isPending}>
              确认开启
            </button>
            <button type="button" className="btn-secondary" onClick={() => start.reset()}>
              取消
            </button>
          </div>
        </form>
      ) : (
        <div className="space-y-2">
          <p className="text-sm text-slate-600">
            未开启。开启后，登录时除密码外还需输入手机验证器应用中的验证码。
          </p>
          <button
            type="button"
            className="btn-secondary"
            disabled={start.isPending}
            onClick={() => {
              setFieldError(null);
              start.mutate(undefined, { onError: (e) => fail(e, '开启失败') });
            }}
          >
            开启两步验证
          </button>
        </div>
      )}
    </section>
  );
}

/** 设置 → 账号安全: 两步验证, 通行密钥, the signed-in devices and the password. Needs the server. */
export function AccountSecurity() {
  const title = useId();
  return (
    <section className="card mt-4 space-y-5" aria-labelledby={title}>
      <h2 id={title} className="text-lg font-semibold text-slate-900">
        账号安全
      </h2>
      <TwoFactor />
      <hr className="border-slate-100" />
      <Passkeys />
      <hr className="border-slate-100" />
      <Devices />
      <hr className="border-slate-100" />
      <ChangePassword />
    </section>
  );
}
