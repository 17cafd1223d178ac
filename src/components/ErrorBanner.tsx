import { AlertCircle } from 'lucide-react';

/**
 * A red, announced message for data a screen could not load, with 重试 when the screen can
 * try again. The text is docs/spec.md §8's wording, composed by the screen (formatError).
 */
export function ErrorBanner({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
    >
      <AlertCircle size={16} className="shrink-0" aria-hidden="true" />
      <span className="flex-1">{message}</span>
      {onRetry && (
        <button type="button" className="btn-secondary" onClick={onRetry}>
          重试
        </button>
      )}
    </div>
  );
}
