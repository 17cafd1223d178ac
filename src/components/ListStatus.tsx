import { formatError } from '../api/errors';
import { ErrorBanner } from './ErrorBanner';
import { OfflineNotice } from './OfflineNotice';

interface ListState {
  /** Why the server could not be reached for the list just now. */
  error?: string;
  /** The device holds the whole list. */
  complete: boolean;
}

/**
 * What a screen says about its list when the server cannot be reached: nothing when it could;
 * that the device's copy is shown when there is one; otherwise docs/spec.md §8's red banner with the
 * failure (`failure`, a template with `{message}`) and 重试 — the screen still shows what was
 * entered on this device meanwhile.
 */
export function ListStatus({
  state,
  failure,
  onRetry,
}: {
  state: ListState | undefined;
  failure: string;
  onRetry?: () => void;
}) {
  if (state?.error === undefined) return null;
  if (state.complete) return <OfflineNotice error={state.error} />;
  return <ErrorBanner message={formatError(failure, new Error(state.error))} onRetry={onRetry} />;
}
