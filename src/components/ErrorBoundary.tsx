import { CloudOff } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { ChunkLoadError, isChunkLoadError } from './lazy-with-retry';

const LOAD_FAILED_MESSAGE = '无法加载页面，请检查网络后重试';

export interface FallbackProps {
  error: unknown;
  /** Renders the children again (a failed chunk is fetched anew). */
  retry: () => void;
}

interface ErrorBoundaryProps {
  children: ReactNode;
  fallback: (props: FallbackProps) => ReactNode;
  /** When this changes (the path, say), a boundary showing its fallback tries its children again. */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  error: unknown;
  failed: boolean;
}

/**
 * Catches a render or chunk-load failure below it, so one broken screen never blanks the app.
 * (React itself logs what it caught.)
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, failed: true };
  }

  override componentDidUpdate(previous: ErrorBoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.retry();
  }

  override componentWillUnmount() {
    this.renewChunk();
  }

  /** A chunk that failed is downloaded again by whatever renders it next. */
  private renewChunk() {
    if (this.state.error instanceof ChunkLoadError) this.state.error.renew();
  }

  retry = () => {
    this.renewChunk();
    this.setState({ error: null, failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback({ error: this.state.error, retry: this.retry });
  }
}

/**
 * The message and its buttons: 重试 always; 刷新 too when code could not be downloaded,
 * because a reload (served by the service worker, or a fresh build) is what fixes that.
 */
export function ErrorMessage({
  error,
  retry,
  boxed = true,
}: FallbackProps & { /** A card of its own; not inside a dialog. */ boxed?: boolean }) {
  return (
    <div
      role="alert"
      className={`flex flex-col items-center gap-4 text-center ${boxed ? 'card mx-auto my-6 max-w-md px-6 py-8' : 'py-4'}`}
    >
      <CloudOff size={32} className="text-slate-400" aria-hidden="true" />
      <p className="text-slate-700">{LOAD_FAILED_MESSAGE}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <button type="button" className="btn-primary" onClick={retry}>
          重试
        </button>
        {isChunkLoadError(error) && (
          <button type="button" className="btn-secondary" onClick={() => window.location.reload()}>
            刷新
          </button>
        )}
      </div>
    </div>
  );
}
