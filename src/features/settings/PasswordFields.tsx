import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { InputField } from '../../components/form-fields';
import type { ChangePasswordInput } from '../../domain/schemas/account-security';

/** 当前密码 and 新密码, as 修改密码 in 设置 and 修改初始密码 after a first sign-in ask them. */
export function PasswordFields({
  register,
  errors,
}: {
  register: UseFormRegister<ChangePasswordInput>;
  errors: FieldErrors<ChangePasswordInput>;
}) {
  return (
    <>
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
    </>
  );
}
