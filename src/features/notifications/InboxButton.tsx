import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  checkInFromNotification,
  type InboxItem,
  pushKeys,
  pushSupport,
  useInbox,
  useMarkRead,
} from '../../api/push';
import { Modal } from '../../components/Modal';
import { useToast } from '../../components/toast';

const timeLabel = (iso: string) => {
  const d = new Date(iso);
  const today = new Date().toDateString() === d.toDateString();
  const hm = d.toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit', hour12: false });
  return today ? hm : `${d.getMonth() + 1}月${d.getDate()}日 ${hm}`;
};

/**
 * 通知中心: the nav bar's bell, the last 100 reminders with read/unread. Also what keeps a
 * browser without push informed: a reminder that arrives while the app is open and push did
 * not show it becomes an in-page notice.
 */
export function InboxButton() {
  const { data } = useInbox();
  const [open, setOpen] = useState(false);
  const toast = useToast();
  const client = useQueryClient();
  const seen = useRef<string | null>(null);

  // A reminder newer than any seen before, while push cannot show it: an in-page notice.
  useEffect(() => {
    const newest = data?.items[0];
    if (!newest) return;
    const last = seen.current;
    seen.current = newest.at;
    if (last === null || newest.at <= last || newest.read) return;
    if (pushSupport() !== 'granted') toast.show(`🔔 ${newest.title}`);
  }, [data, toast]);

  // The worker says a push came in; back online, it sends the buttons tapped offline.
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      if (event.data?.type === 'pms-push') {
        void client.invalidateQueries({ queryKey: pushKeys.inbox() });
      }
      // 打卡 tapped on a notification: through this page's outbox; the worker waits for the answer.
      if (event.data?.type === 'pms-checkin') {
        const port = event.ports[0];
        const { user, taskId, date } = event.data as Record<string, unknown>;
        const answer = (ok: boolean) => port?.postMessage({ ok });
        if (typeof user !== 'string' || typeof taskId !== 'string' || typeof date !== 'string') {
          answer(false);
          return;
        }
        checkInFromNotification(client, { user, taskId, date }).then(answer, () => answer(false));
      }
    };
    const flush = () =>
      navigator.serviceWorker.controller?.postMessage({ type: 'pms-flush-push-actions' });
    navigator.serviceWorker.addEventListener('message', onMessage);
    window.addEventListener('online', flush);
    flush();
    return () => {
      navigator.serviceWorker.removeEventListener('message', onMessage);
      window.removeEventListener('online', flush);
    };
  }, [client]);

  const unread = data?.unread ?? 0;
  return (
    <>
      <button
        type="button"
        className="btn-icon relative"
        aria-label={unread > 0 ? `通知中心，${unread} 条未读` : '通知中心'}
        title="通知中心"
        onClick={() => setOpen(true)}
      >
        <Bell size={18} aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] font-semibold leading-4 text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && <InboxDialog items={data?.items} onClose={() => setOpen(false)} />}
    </>
  );
}

function InboxDialog({ items, onClose }: { items?: InboxItem[]; onClose: () => void }) {
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const unread = items?.filter((i) => !i.read) ?? [];
  return (
    <Modal
      title="通知中心"
      onClose={onClose}
      footer={
        <button
          type="button"
          className="btn-secondary"
          disabled={unread.length === 0 || markRead.isPending}
          onClick={() => markRead.mutate('all')}
        >
          全部已读
        </button>
      }
    >
      {items === undefined ? (
        <p className="text-sm text-slate-500">通知中心暂不可用，请检查网络后重试</p>
      ) : items.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">暂无通知</p>
      ) : (
        <ul className="-mx-2 max-h-[60vh] divide-y divide-slate-100 overflow-y-auto">
          {items.map((item) => (
            <li key={`${item.key}|${item.occurrence}`}>
              <button
                type="button"
                className="flex w-full items-start gap-3 rounded-lg px-2 py-3 text-left hover:bg-slate-50"
                onClick={() => {
                  if (!item.read) markRead.mutate([{ key: item.key, occurrence: item.occurrence }]);
                  onClose();
                  navigate(item.url);
                }}
              >
                <span
                  className={`mt-1.5 size-2 shrink-0 rounded-full ${item.read ? 'bg-transparent' : 'bg-blue-600'}`}
                  aria-hidden="true"
                />
                <span className="min-w-0 flex-1">
                  <span
                    className={`block text-sm ${item.read ? 'text-slate-600' : 'font-semibold text-slate-900'}`}
                  >
                    {item.title}
                    <span className="sr-only">{item.read ? '，已读' : '，未读'}</span>
                  </span>
                  {item.body && (
                    <span className="block truncate text-xs text-slate-500">{item.body}</span>
                  )}
                </span>
                <time className="shrink-0 text-xs tabular-nums text-slate-400" dateTime={item.at}>
                  {timeLabel(item.at)}
                </time>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
