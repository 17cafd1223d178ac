import { useAuth } from '../api/auth';
import { useConfirm } from '../components/confirm';

/** 退出登录: asks first when leaving would lose something (logout-policy.ts), then signs out. */
export function useLogout() {
  const { logout } = useAuth();
  const confirm = useConfirm();
  return async () => {
    const { logoutWarning } = await import('../api/logout-policy');
    const warning = logoutWarning(Date.now());
    if (warning && !(await confirm(warning, { confirmLabel: '退出登录' }))) return;
    await logout();
  };
}
