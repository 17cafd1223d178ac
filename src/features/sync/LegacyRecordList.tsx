import { ChevronDown, ChevronRight, FileDown, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { discardLegacyRecord, type LegacyRecord } from '../../api/legacy-data';
import { useConfirm } from '../../components/confirm';
import { saveJsonFile } from '../../components/save-file';
import { useToast } from '../../components/toast';
import { RESOURCES } from '../../domain/resources';
import { prepareRecord } from '../../domain/sync';

/** Why a record cannot go up: what the schema says of it, or that the server refused it. */
function reasonOf({ category, record }: LegacyRecord, uploaded: boolean): string {
  const prepared = prepareRecord(category, record, new Date().toISOString());
  if (!prepared.ok) {
    return prepared.field ? `${prepared.field}：${prepared.message}` : prepared.message;
  }
  return uploaded ? '云端未接受这条记录（例如它指向的打卡任务已不存在）' : '尚未上传';
}

/** One line for a record that may be anything the old app stored. */
function summaryOf(record: unknown): string {
  const text = JSON.stringify(record) ?? String(record);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

interface LegacyRecordListProps {
  records: LegacyRecord[];
  /** An upload has run: what is left was refused. */
  uploaded: boolean;
  /** After a discard, the list and the count are read again. */
  onChange: () => void;
}

/**
 * The old app's records that did not make it to the server, each with why, its content, and
 * two ways out: 导出 (a JSON file to fix by hand and bring back with 导入数据) or 放弃. Without
 * them a refused record would hold up every logout with the same warning, forever.
 */
export function LegacyRecordList({ records, uploaded, onChange }: LegacyRecordListProps) {
  const confirm = useConfirm();
  const toast = useToast();
  const [open, setOpen] = useState<string | null>(null);

  async function discard(item: LegacyRecord, name: string) {
    const ok = await confirm(`确定要放弃「${name}」吗？`, {
      confirmLabel: '放弃',
      detail: '放弃后它不会再上传，本机也不再保留。想修好再传：先导出，改好后用“导入数据”上传。',
    });
    if (!ok) return;
    if (!discardLegacyRecord(item)) toast.error('本机数据已经变化，请重新打开同步后再试');
    onChange();
  }

  return (
    <section aria-labelledby="legacy-records" className="rounded-lg border border-amber-200">
      <h3
        id="legacy-records"
        className="border-b border-amber-100 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
      >
        {uploaded ? '未能上传的旧数据' : '本机的旧数据'}（{records.length} 条）
      </h3>
      <ul className="divide-y divide-slate-100">
        {records.map((item, position) => {
          const key = `${item.category}:${item.index}`;
          const name = `${RESOURCES[item.category].label} 第 ${position + 1} 条`;
          const expanded = open === key;
          return (
            <li key={key} className="px-3 py-2 text-sm" aria-label={name}>
              <div className="flex flex-wrap items-center gap-2">
                <button
                  type="button"
                  className="flex min-w-0 flex-1 items-center gap-1 text-left"
                  aria-expanded={expanded}
                  onClick={() => setOpen(expanded ? null : key)}
                >
                  {expanded ? (
                    <ChevronDown size={14} aria-hidden="true" className="shrink-0" />
                  ) : (
                    <ChevronRight size={14} aria-hidden="true" className="shrink-0" />
                  )}
                  <span className="shrink-0 font-medium text-slate-800">{name}</span>
                  <span className="min-w-0 truncate font-mono text-xs text-slate-500">
                    {summaryOf(item.record)}
                  </span>
                </button>
                <div className="flex shrink-0 gap-1">
                  <button
                    type="button"
                    className="btn-ghost px-2 py-1 text-xs"
                    onClick={() =>
                      saveJsonFile(
                        `legacy-${RESOURCES[item.category].exportKey}-${position + 1}.json`,
                        {
                          [RESOURCES[item.category].exportKey]: [item.record],
                        },
                      )
                    }
                  >
                    <FileDown size={14} aria-hidden="true" />
                    导出
                  </button>
                  <button
                    type="button"
                    className="btn-ghost px-2 py-1 text-xs text-red-600"
                    onClick={() => discard(item, name)}
                  >
                    <Trash2 size={14} aria-hidden="true" />
                    放弃
                  </button>
                </div>
              </div>
              <p className="mt-0.5 text-xs text-red-600">{reasonOf(item, uploaded)}</p>
              {expanded && (
                <pre className="mt-2 max-h-48 overflow-auto rounded bg-slate-50 p-2 text-xs break-all whitespace-pre-wrap text-slate-700">
                  {JSON.stringify(item.record, null, 2)}
                </pre>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
