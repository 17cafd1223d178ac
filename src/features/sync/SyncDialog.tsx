import { CloudDownload, CloudUpload, FileDown, FileUp } from 'lucide-react';
import { type ChangeEvent, useReducer, useRef, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { useHealth } from '../../api/health';
import { listLegacyRecords } from '../../api/legacy-data';
import { useDownloadData, useExportData, useImportData, useUploadLocalData } from '../../api/sync';
import { Modal } from '../../components/Modal';
import { saveJsonFile } from '../../components/save-file';
import { useToast } from '../../components/toast';
import { useToday } from '../../components/useToday';
import { exportFileName, parseImport, tallyResults } from '../../domain/sync';
import { CsvExport } from './CsvExport';
import { DownloadConfirm } from './DownloadConfirm';
import { LegacyRecordList } from './LegacyRecordList';
import { ServerStatusBadge } from './ServerStatusBadge';
import { SyncResultList } from './SyncResultList';
import { BUSY_STATUSES, initialSyncState, type SyncStatus, syncReducer } from './sync-state';
import { WaitingChanges } from './WaitingChanges';

const MESSAGES: Record<SyncStatus, string> = {
  idle: '选择同步操作',
  uploading: '正在上传数据到云端...',
  upload_success: '数据上传成功！',
  upload_partial: '数据上传完成，部分记录未能上传',
  upload_failed: '数据上传失败，请检查网络连接',
  upload_queued: '数据已保存在本机，服务器恢复后自动上传',
  downloading: '正在从云端下载数据...',
  download_success: '数据下载成功！页面即将刷新...',
  download_failed: '数据下载失败，请检查网络连接',
  importing: '正在导入数据到云端...',
  import_success: '数据导入成功！',
  import_queued: '数据已导入本机，服务器恢复后自动同步',
  import_failed: '数据导入失败，请检查网络连接',
};

const MESSAGE_TONE: Partial<Record<SyncStatus, string>> = {
  upload_success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  upload_partial: 'border-amber-200 bg-amber-50 text-amber-800',
  upload_queued: 'border-amber-200 bg-amber-50 text-amber-800',
  import_queued: 'border-amber-200 bg-amber-50 text-amber-800',
  download_success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  import_success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  upload_failed: 'border-red-200 bg-red-50 text-red-700',
  download_failed: 'border-red-200 bg-red-50 text-red-700',
  import_failed: 'border-red-200 bg-red-50 text-red-700',
};

/** The page reloads this long after a successful download. */
const RELOAD_DELAY_MS = 2000;

const USAGE = [
  [
    '上传本地数据到云端',
    '把本机保存的数据（包括旧版本留在本机的数据）逐条上传；云端已有的记录不会重复。',
  ],
  ['从云端下载数据', '用云端的数据覆盖本机副本，完成后页面自动刷新。'],
  ['导出本地数据', '把全部数据保存为 JSON 文件备份；服务器离线时导出本机副本。'],
  ['导入数据', '选择导出的 JSON 文件，检查无误并确认后导入当前账户；离线时先保存在本机。'],
  ['导出 CSV', '把选中的一类数据保存为 Excel 可直接打开的 CSV 文件。'],
] as const;

export function SyncDialog({ onClose }: { onClose: () => void }) {
  const health = useHealth();
  const toast = useToast();
  const upload = useUploadLocalData();
  const download = useDownloadData();
  const importData = useImportData();
  const exportData = useExportData();
  const fileInput = useRef<HTMLInputElement>(null);

  const today = useToday();
  const [state, dispatch] = useReducer(syncReducer, initialSyncState);
  const { status, detail, progress, result, pendingImport, importError } = state;
  const [legacy, setLegacy] = useState(listLegacyRecords);
  const [showLegacy, setShowLegacy] = useState(false);
  const [uploaded, setUploaded] = useState(false);
  const [askingDownload, setAskingDownload] = useState(false);
  const refreshLegacy = () => setLegacy(listLegacyRecords());
  const legacyCount = legacy.length;

  const busy = BUSY_STATUSES.includes(status) || exportData.isPending;
  const online = health.status === 'online';
  // A full disk still serves what it holds; a damaged file may not, and writes are refused.
  const canDownload = online || health.storage?.reason === 'full';
  const onProgress = (next: NonNullable<typeof progress>) =>
    dispatch({ type: 'progress', progress: next });
  const fail = (failed: SyncStatus) => (error: Error) =>
    dispatch({ type: 'fail', status: failed, detail: errorMessage(error) });

  function handleUpload() {
    dispatch({ type: 'start', status: 'uploading' });
    upload.mutate(
      { onProgress },
      {
        onSuccess: ({ counts, waiting }) => {
          // 数据上传成功！ only when every record made it: the failures are counted and named.
          // Records still waiting on the device (offline) are in 同步's list and go later.
          const failed = counts.reduce((sum, c) => sum + c.failed, 0);
          dispatch({
            type: 'finish',
            status:
              failed > 0 ? 'upload_partial' : waiting > 0 ? 'upload_queued' : 'upload_success',
            result: { title: '上传结果', counts, empty: '本机没有需要上传的数据' },
          });
          setUploaded(true);
          setShowLegacy(true);
        },
        onError: fail('upload_failed'),
        onSettled: refreshLegacy,
      },
    );
  }

  function handleDownload() {
    setAskingDownload(false);
    dispatch({ type: 'start', status: 'downloading' });
    download.mutate(undefined, {
      onSuccess: (counts) => {
        dispatch({
          type: 'finish',
          status: 'download_success',
          result: { title: '下载结果', counts, empty: '云端没有数据' },
        });
        // Every screen then starts from the freshly written mirror and cache.
        setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
      },
      onError: fail('download_failed'),
    });
  }

  function handleExport() {
    exportData.mutate(
      { refresh: online },
      {
        onSuccess: (data) => {
          const fileName = exportFileName(today);
          saveJsonFile(fileName, data);
          toast.success(`已导出 ${fileName}`);
        },
      },
    );
  }

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing it) fires a change.
    event.target.value = '';
    if (!file) return;
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      dispatch({
        type: 'fileRefused',
        message: `无法读取「${file.name}」：${errorMessage(error)}`,
      });
      return;
    }
    const parsed = parseImport(text);
    if (!parsed.ok) {
      dispatch({ type: 'fileRefused', message: `无法导入「${file.name}」：${parsed.message}` });
      return;
    }
    dispatch({
      type: 'fileRead',
      pendingImport: { fileName: file.name, items: parsed.items },
      result: {
        title: `导入预览：${file.name}`,
        counts: tallyResults(parsed.items.map(({ category }) => ({ category, ok: true }))),
        empty: '文件中没有记录',
      },
    });
  }

  function handleConfirmImport() {
    if (!pendingImport) return;
    const { items } = pendingImport;
    dispatch({ type: 'start', status: 'importing' });
    importData.mutate(
      { items, onProgress },
      {
        onSuccess: ({ counts, waiting }) =>
          dispatch({
            type: 'finish',
            // Offline the records are on this device, in 同步's list, and go when it answers.
            status: waiting > 0 ? 'import_queued' : 'import_success',
            result: { title: '导入结果', counts, empty: '文件中没有记录' },
          }),
        onError: fail('import_failed'),
      },
    );
  }

  const needsServer = !online
    ? health.storage
      ? `${health.storage.message}，暂不可用`
      : '服务器在线时才能使用'
    : undefined;

  return (
    <Modal title="数据同步" onClose={onClose} size="lg">
      <div className="space-y-4">
        <ServerStatusBadge
          status={health.status}
          storage={health.storage}
          onRefresh={health.refresh}
        />

        <div
          className={`rounded-lg border px-3 py-2.5 text-sm ${MESSAGE_TONE[status] ?? 'border-slate-200 bg-white text-slate-700'}`}
        >
          <p role="status" className="font-medium">
            {MESSAGES[status]}
          </p>
          {status === 'upload_partial' && result && (
            <p className="mt-0.5 text-xs opacity-80">
              {result.counts.reduce((sum, c) => sum + c.failed, 0)} 条记录未能上传
              {legacyCount > 0 ? '，未能上传的旧数据列在下方，可查看原因、导出或放弃。' : '。'}
            </p>
          )}
          {detail && <p className="mt-0.5 text-xs opacity-80">{detail}</p>}
          {status === 'idle' && health.status === 'offline' && (
            <p className="mt-0.5 text-xs text-slate-500">
              服务器离线：下载暂不可用；上传和导入先保存在本机，服务器恢复后自动同步。
            </p>
          )}
          {status === 'idle' && health.storage && (
            <p className="mt-0.5 text-xs text-amber-800">
              {health.storage.message}。本机的修改保存在本机，服务器恢复后会自动同步；
              {canDownload ? '' : '下载暂不可用，'}导出本地数据仍可使用。
            </p>
          )}
          {progress && (
            <div className="mt-2 flex items-center gap-3">
              <div
                role="progressbar"
                aria-label="同步进度"
                aria-valuemin={0}
                aria-valuemax={progress.total}
                aria-valuenow={progress.done}
                className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
              >
                <div
                  className="h-full rounded-full bg-blue-600 transition-[width]"
                  style={{
                    width: `${progress.total ? (progress.done / progress.total) * 100 : 0}%`,
                  }}
                />
              </div>
              <span className="shrink-0 text-xs tabular-nums text-slate-500">
                {progress.done} / {progress.total}
              </span>
            </div>
          )}
        </div>

        <WaitingChanges online={online} />

        {legacyCount > 0 && (
          <div className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800 sm:flex-row sm:items-center">
            <p className="flex-1">
              本机有 {legacyCount}{' '}
              条旧版数据尚未上传到云端。上传成功的会从本机旧数据中移除，无法上传的会保留。
            </p>
            <button
              type="button"
              className="btn-secondary shrink-0 py-1.5"
              aria-expanded={showLegacy}
              onClick={() => setShowLegacy((shown) => !shown)}
            >
              {showLegacy ? '收起旧数据' : '查看旧数据'}
            </button>
          </div>
        )}
        {legacyCount > 0 && showLegacy && (
          <LegacyRecordList records={legacy} uploaded={uploaded} onChange={refreshLegacy} />
        )}

        {importError && (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
          >
            {importError}
          </p>
        )}

        {result && <SyncResultList {...result} />}

        {pendingImport && (
          <div className="flex flex-col gap-2 rounded-lg bg-blue-50 px-3 py-2.5 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-blue-900">
              将把 {pendingImport.items.length} 条记录导入当前账户，云端已有的记录会跳过。
            </p>
            <div className="flex shrink-0 justify-end gap-2">
              <button
                type="button"
                className="btn-secondary"
                onClick={() => dispatch({ type: 'reset' })}
              >
                取消
              </button>
              <button
                type="button"
                className="btn-primary"
                disabled={busy || pendingImport.items.length === 0}
                onClick={handleConfirmImport}
              >
                确认导入
              </button>
            </div>
          </div>
        )}

        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <button type="button" className="btn-primary" disabled={busy} onClick={handleUpload}>
            <CloudUpload size={16} aria-hidden="true" />
            上传本地数据到云端
          </button>
          <button
            type="button"
            className="btn-secondary"
            disabled={busy || !canDownload}
            title={canDownload ? undefined : needsServer}
            onClick={() => setAskingDownload(true)}
          >
            <CloudDownload size={16} aria-hidden="true" />
            从云端下载数据
          </button>
          <button type="button" className="btn-secondary" disabled={busy} onClick={handleExport}>
            <FileDown size={16} aria-hidden="true" />
            导出本地数据
          </button>
          <button
            type="button"
            className="btn-secondary"
            disabled={busy}
            onClick={() => fileInput.current?.click()}
          >
            <FileUp size={16} aria-hidden="true" />
            导入数据
          </button>
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            aria-label="选择要导入的数据文件"
            className="hidden"
            onChange={handleFile}
          />
        </div>
        <CsvExport online={online} disabled={busy} />

        <section aria-label="使用说明" className="rounded-lg bg-slate-50 px-3 py-2.5">
          <h3 className="text-sm font-medium text-slate-700">使用说明</h3>
          <ul className="mt-1 space-y-1 text-xs leading-relaxed text-slate-600">
            {USAGE.map(([button, text]) => (
              <li key={button}>
                <span className="font-medium text-slate-700">{button}：</span>
                {text}
              </li>
            ))}
          </ul>
        </section>
      </div>
      {askingDownload && (
        <DownloadConfirm onConfirm={handleDownload} onCancel={() => setAskingDownload(false)} />
      )}
    </Modal>
  );
}
