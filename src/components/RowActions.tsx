import { History, type LucideIcon, Pencil, Trash2 } from 'lucide-react';

// The icon buttons at the end of a list row. Their accessible names are the glossary's
// words (DESIGN.md §5), which tests and screen readers rely on; the icon is decoration.
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
  icon: Icon,
  danger = false,
  dialog = false,
  onClick,
  disabled,
  item,
}: RowButtonProps & { label: string; icon: LucideIcon; danger?: boolean; dialog?: boolean }) {
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
      <Icon size={16} aria-hidden="true" />
    </button>
  );
}

export const EditButton = (props: RowButtonProps) => (
  <RowButton label="编辑" icon={Pencil} dialog {...props} />
);

export const DeleteButton = (props: RowButtonProps) => (
  <RowButton label="删除" icon={Trash2} danger {...props} />
);

export const HistoryButton = (props: RowButtonProps) => (
  <RowButton label="修改历史" icon={History} {...props} />
);
