import type { SyncProgress } from '../../api/sync';
import type { CategoryCount, UploadItem } from '../../domain/sync';

// The sync dialog's state (its statuses, with the import and the queued outcomes) as one
// reducer: every action says what it leaves behind, so nothing from an earlier action lingers.

export type SyncStatus =
  | 'idle'
  | 'uploading'
  | 'upload_success'
  /** The upload ran, but the server refused some records (or they could not be made valid). */
  | 'upload_partial'
  | 'upload_failed'
  /** The upload is saved on this device and waits in the outbox for the server. */
  | 'upload_queued'
  | 'downloading'
  | 'download_success'
  | 'download_failed'
  | 'importing'
  | 'import_success'
  /** The import is on this device and waits in the outbox for the server. */
  | 'import_queued'
  | 'import_failed';

interface SyncResult {
  title: string;
  counts: CategoryCount[];
  /** Said when `counts` is empty. */
  empty: string;
}

interface PendingImport {
  fileName: string;
  items: UploadItem[];
}

export interface SyncState {
  status: SyncStatus;
  /** Why the last action failed. */
  detail: string | null;
  progress: SyncProgress | null;
  result: SyncResult | null;
  /** A file read and checked, waiting for 确认导入. */
  pendingImport: PendingImport | null;
  /** Why a chosen file cannot be imported. */
  importError: string | null;
}

export type SyncAction =
  | { type: 'start'; status: 'uploading' | 'downloading' | 'importing' }
  | { type: 'progress'; progress: SyncProgress }
  | { type: 'finish'; status: SyncStatus; result: SyncResult }
  | { type: 'fail'; status: SyncStatus; detail: string }
  | { type: 'fileRead'; pendingImport: PendingImport; result: SyncResult }
  | { type: 'fileRefused'; message: string }
  | { type: 'reset' };

export const initialSyncState: SyncState = {
  status: 'idle',
  detail: null,
  progress: null,
  result: null,
  pendingImport: null,
  importError: null,
};

export function syncReducer(state: SyncState, action: SyncAction): SyncState {
  switch (action.type) {
    case 'start':
      return { ...initialSyncState, status: action.status };
    case 'progress':
      return { ...state, progress: action.progress };
    case 'finish':
      return { ...state, status: action.status, result: action.result, progress: null };
    case 'fail':
      return { ...state, status: action.status, detail: action.detail, progress: null };
    case 'fileRead':
      return { ...initialSyncState, pendingImport: action.pendingImport, result: action.result };
    case 'fileRefused':
      return { ...initialSyncState, importError: action.message };
    case 'reset':
      return initialSyncState;
  }
}

export const BUSY_STATUSES: readonly SyncStatus[] = ['uploading', 'downloading', 'importing'];
