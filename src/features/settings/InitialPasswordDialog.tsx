import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useChangePassword } from '../../api/account-security';
import { errorMessage, formatError } from '../../api/errors';
import { Modal } from '../../components/Modal';
import { useToast } from '../../components/toast';
import {
  type ChangePasswordInput,
  changePasswordSchema,
} from '../../domain/schemas/account-security';
import { PasswordFields } from './PasswordFields';

/**
 * 修改初始密码: asked once after a sign-in with the password the server printed at first
 * start, which sits in a terminal's scroll-back or a log. 稍后 (or Escape) leaves it for
 * 设置 → 账号安全; the other devices still on that password are signed out by the change.
 */
export function InitialPasswordDialog({ onDone }: { onDone: () => void }) {
  const toast = useToast();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', signOutOthers: true },
  });
  const submit = handleSubmit((input) =>
    change.mutate(input, {
      onSuccess: () => {
        toast.success('密码已修改');
        onDone();
      },
      onError: (error) => {
        const message = errorMessage(error, '修改密码失败');
        if (message === '当前密码不正确') setError('currentPassword', { message });
        else toast.error(formatError('修改密码失败：{message}', error));
      },
    }),
  );
  return (
    <Modal title="修改初始密码" onClose={onDone} dirty={isDirty}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-600">
          你正在使用服务器首次启动时生成的密码。请换成只有你知道的密码。
        </p>
        <PasswordFields register={register} errors={errors} />
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn-secondary" onClick={onDone}>
            稍后
          </button>
          <button type="submit" className="btn-primary" disabled={change.isPending}>
            {change.isPending ? '保存中...' : '修改密码'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
