import dayjs from 'dayjs';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage, formatError } from '../../api/errors';
import { useAddPasskey, usePasskeysQuery, useRemovePasskey } from '../../api/passkeys';
import { useConfirm } from '../../components/confirm';
import { ErrorBanner } from '../../components/ErrorBanner';
import { InputField } from '../../components/form-fields';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/toast';
import type { PasskeyInfo } from '../../domain/schemas/passkeys';

const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

function PasskeyRow({ passkey }: { passkey: PasskeyInfo }) {
  const confirm = useConfirm();
  const toast = useToast();
  const remove = useRemovePasskey();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div className="min-w-0">
        <p className="break-words font-medium text-slate-900">{passkey.name}</p>
        <p className="text-sm text-slate-500 tabular-nums">
          添加于 {when(passkey.createdAt)} · 最近使用{' '}
          {passkey.lastUsedAt ? when(passkey.lastUsedAt) : '从未使用'}
        </p>
      </div>
      <button
        type="button"
        className="btn-secondary"
        aria-label={`删除 ${passkey.name}`}
        disabled={remove.isPending}
        onClick={async () => {
          const sure = await confirm(
            `删除通行密钥「${passkey.name}」？删除后不能再用它登录，设备上保存的通行密钥可在系统设置中移除。`,
            { confirmLabel: '删除' },
          );
          if (!sure) return;
          remove.mutate(passkey.id, {
            onSuccess: () => toast.success('通行密钥已删除'),
            onError: (error) => toast.error(formatError('删除失败：{message}', error)),
          });
        }}
      >
        删除
      </button>
    </li>
  );
}

/** 账号安全 → 通行密钥: sign in with a fingerprint, face or device PIN instead of the password. */
export function Passkeys() {
  const title = useId();
  const { data, isPending, error, refetch } = usePasskeysQuery();
  const add = useAddPasskey();
  const toast = useToast();
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (add.isPending) return;
    setFailure(null);
    add.mutate(name.trim(), {
      onSuccess: (passkey) => {
        setName('');
        toast.success(`已添加通行密钥「${passkey.name}」`);
      },
      // Beside the button, not a passing toast: it usually says what to do next.
      onError: (e) => setFailure(errorMessage(e, '添加通行密钥失败，请重试')),
    });
  }

  return (
    <section aria-labelledby={title} className="space-y-3">
      <h3 id={title} className="font-semibold text-slate-900">
        通行密钥
      </h3>
      <p className="text-sm text-slate-600">
        用本设备的指纹、面容或 PIN 登录，无需输入密码，也无需两步验证码。
      </p>
      {isPending ? (
        <Spinner />
      ) : error ? (
        <ErrorBanner
          message={formatError('加载通行密钥失败：{message}', error)}
          onRetry={() => void refetch()}
        />
      ) : data.length === 0 ? (
        <p className="text-sm text-slate-500">还没有通行密钥。</p>
      ) : (
        <ul aria-label="通行密钥列表" className="divide-y divide-slate-100">
          {data.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate className="grid max-w-md gap-3">
        <InputField
          label="名称"
          hint="选填，如：我的手机；不填则用浏览器和系统命名"
          maxLength={64}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        {failure && (
          <p role="alert" className="text-sm text-red-600">
            {failure}
          </p>
        )}
        <div>
          <button type="submit" className="btn-primary" disabled={add.isPending}>
            {add.isPending ? '等待设备验证...' : '添加通行密钥'}
          </button>
        </div>
      </form>
    </section>
  );
}
