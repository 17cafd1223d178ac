import type { ReactElement } from 'react';

// The icon buttons at the end of a list row. Their accessible names are the glossary's
// words (docs/spec.md "Glossary"), which tests and screen readers rely on; the icon is decoration.
// With `item` the name says which row it acts on (编辑 午饭): a screen reader that lists a
// page's buttons otherwise reads twenty identical 编辑.

interface RowButtonProps {
  onClick: () => void;
  disabled?: boolean;
  /** The row's own name (a title, a description), added to the button's name. */
  item?: string;
}

function RowButton({
  label,
  icon,
  danger = false,
  dialog = false,
  onClick,
  disabled,
  item,
}: RowButtonProps & { label: string; icon: ReactElement; danger?: boolean; dialog?: boolean }) {
  const name = item ? `${label} ${item}` : label;
  return (
    <button
      type="button"
      className={`btn-icon shrink-0 ${danger ? 'hover:bg-red-50 hover:text-red-600' : ''}`}
      aria-label={name}
      title={name}
      disabled={disabled}
      // A form opens: said to screen readers, and its code is fetched from the press on.
      aria-haspopup={dialog ? 'dialog' : undefined}
      onClick={onClick}
    >
      {icon}
    </button>
  );
}

// CSS icons (index.css), one element each: every row of every list has two or three of these.
// Made once, so a row drawn again (a toggle, a check-in) keeps them as they are.
const PENCIL = <span className="icon-[lucide--pencil] size-4" aria-hidden="true" />;
const BIN = <span className="icon-[lucide--trash-2] size-4" aria-hidden="true" />;
const CLOCK = <span className="icon-[lucide--history] size-4" aria-hidden="true" />;

export const EditButton = (props: RowButtonProps) => (
  <RowButton label="编辑" icon={PENCIL} dialog {...props} />
);

export const DeleteButton = (props: RowButtonProps) => (
  <RowButton label="删除" icon={BIN} danger {...props} />
);

export const HistoryButton = (props: RowButtonProps) => (
  <RowButton label="修改历史" icon={CLOCK} {...props} />
);
