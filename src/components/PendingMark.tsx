// A CSS icon (index.css): the mark comes on a row with each change, in any list.
const CLOUD = <span className="icon-[lucide--cloud-upload] size-3" aria-hidden="true" />;

/** On a row whose change has not reached the server yet (docs/architecture.md, Decisions "Local-first"). */
export function PendingMark() {
  return (
    <span
      className="inline-flex shrink-0 items-center gap-0.5 rounded bg-amber-50 px-1 py-0.5 text-[11px] font-medium text-amber-700"
      title="这条修改保存在本机，服务器可用时自动同步"
    >
      {CLOUD}
      待同步
    </span>
  );
}
