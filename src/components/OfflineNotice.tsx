import { CloudOff } from 'lucide-react';

/** Said on a screen whose data came from the browser's copy because the server failed. */
export function OfflineNotice({ error }: { error?: string }) {
  return (
    <p
      role="status"
      className="flex items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800"
    >
      <CloudOff size={16} aria-hidden="true" />
      <span>离线数据：服务器暂时无法访问，显示的是本机保存的副本{error ? `（${error}）` : ''}</span>
    </p>
  );
}
