import { useAuth } from '../api/auth';
import { useReadSyncStatus } from '../api/sync-status';
import { useConfirm } from '../components/confirm';

/** 退出登录: asks first when leaving would lose something (logout-policy.ts), then signs out. */
export function useLogout() {
  const { logout } = useAuth();
  const confirm = useConfirm();
  const syncStatus = useReadSyncStatus();
  return async () => {
    const { logoutWarning } = await import('../api/logout-policy');
    const warning = logoutWarning(Date.now(), syncStatus().waiting.length);
    if (warning && !(await confirm(warning, { confirmLabel: '退出登录' }))) return;
    await logout();
  };
}
