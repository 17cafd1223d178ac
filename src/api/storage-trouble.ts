import { ApiError } from './http';

// The server answers, but its storage cannot serve (a damaged database file, a full disk,
// failing I/O: server/storage-health.ts). Its 503/507 carry the reason by name and a Chinese
// message, as does GET /health while it lasts. A device says so, rather than "离线": the
// server is there, and only its operator can mend it.

export interface StorageTrouble {
  /** 'corrupt' | 'full' | 'io' today; an unknown one is still shown with its message. */
  reason: string;
  /** The server's own sentence, e.g. 服务器磁盘空间已满，无法保存，请联系管理员. */
  message: string;
}

const LABELS: Record<string, string> = {
  corrupt: '服务器数据库已损坏',
  full: '服务器磁盘已满',
  io: '服务器存储读写出错',
};

/** A few words for the navigation bar and the server status. */
export function storageTroubleLabel({ reason }: StorageTrouble): string {
  return LABELS[reason] ?? '服务器存储故障';
}

/** The storage trouble an answer reports, or undefined for any other failure. */
export function storageTroubleOf(error: unknown): StorageTrouble | undefined {
  if (!(error instanceof ApiError) || (error.status !== 503 && error.status !== 507)) {
    return undefined;
  }
  const body = error.body as { reason?: unknown; error?: unknown } | null | undefined;
  if (typeof body?.reason !== 'string' || typeof body.error !== 'string') return undefined;
  return { reason: body.reason, message: body.error };
}
