import dayjs from 'dayjs';
import { useState } from 'react';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { formatSeconds } from '../../domain/focus';
import { LONG_SESSION_SECONDS } from '../../domain/timer';

const LOCAL_MINUTE = 'YYYY-MM-DDTHH:mm';

interface EndSessionDialogProps {
  kind: 'long' | 'short';
  /** What the session has counted. */
  seconds: number;
  /**
   * When the running stretch began (epoch ms), or null when the session is paused: a paused
   * session already stopped counting, so there is no end to set.
   */
  runningSince: number | null;
  /** Saves the session, up to `endAt` (epoch ms) when the user set when it really ended. */
  onSave: (endAt?: number) => void;
  /** Throws the session away. */
  onDiscard: () => void;
  /** Back to the timer, which keeps counting. */
  onClose: () => void;
}

/**
 * What 结束并保存 asks first. Over 4 hours the timer was most likely forgotten: the user can
 * set when the focus really ended. Under a minute it was most likely a slip: keep it or not.
 */
export function EndSessionDialog({
  kind,
  seconds,
  runningSince,
  onSave,
  onDiscard,
  onClose,
}: EndSessionDialogProps) {
  const [now] = useState(() => Date.now());
  const [endText, setEndText] = useState(() => dayjs(now).format(LOCAL_MINUTE));
  const [error, setError] = useState<string | null>(null);

  if (kind === 'short') {
    return (
      <Modal
        title="专注不到 1 分钟"
        onClose={onClose}
        footer={
          <>
            <button type="button" className="btn-secondary" onClick={onDiscard}>
              不保存
            </button>
            <button type="button" className="btn-primary" data-autofocus onClick={() => onSave()}>
              保存
            </button>
          </>
        }
      >
        <p className="text-slate-700">这次专注只有 {formatSeconds(seconds)}，要保存这条记录吗？</p>
      </Modal>
    );
  }

  function saveUntil() {
    if (runningSince === null) return onSave();
    const end = dayjs(endText);
    if (!endText || !end.isValid()) return setError('请填写结束时间');
    // The field has minutes only: the stretch's own minute counts as its start.
    if (end.valueOf() < dayjs(runningSince).startOf('minute').valueOf()) {
      return setError(`结束时间不能早于 ${dayjs(runningSince).format('M月D日 HH:mm')}`);
    }
    onSave(Math.min(end.valueOf(), Date.now()));
  }

  return (
    <Modal
      title={`专注已超过 ${LONG_SESSION_SECONDS / 3600} 小时`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            继续计时
          </button>
          <button type="button" className="btn-primary" onClick={saveUntil}>
            保存
          </button>
        </>
      }
    >
      <div className="space-y-3">
        <p className="text-slate-700">
          这次专注已计时 {formatSeconds(seconds)}
          。如果中途忘了结束，请填写实际结束的时间，只保存到那时为止。
        </p>
        {runningSince !== null && (
          <Field label="实际结束时间" error={error ?? undefined} hint="默认为现在，即保存全部时长">
            {(id, describedBy) => (
              <input
                id={id}
                type="datetime-local"
                className="input tabular-nums"
                value={endText}
                min={dayjs(runningSince).format(LOCAL_MINUTE)}
                max={dayjs(now).format(LOCAL_MINUTE)}
                aria-invalid={!!error}
                aria-describedby={describedBy}
                data-autofocus
                onChange={(event) => {
                  setEndText(event.target.value);
                  setError(null);
                }}
              />
            )}
          </Field>
        )}
      </div>
    </Modal>
  );
}
