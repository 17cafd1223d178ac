import { History, type LucideIcon, Pencil, Trash2 } from 'lucide-react';

// The icon buttons at the end of a list row. Their accessible names are the glossary's
// words (DESIGN.md §5), which tests and screen readers rely on; the icon is decoration.

interface RowButtonProps {
  onClick: () => void;
  disabled?: boolean;
}

function RowButton({
  label,
  icon: Icon,
  danger = false,
  onClick,
  disabled,
}: RowButtonProps & { label: string; icon: LucideIcon; danger?: boolean }) {
  return (
    <button
      type="button"
      className={`btn-icon shrink-0 ${danger ? 'hover:bg-red-50 hover:text-red-600' : ''}`}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon size={16} aria-hidden="true" />
    </button>
  );
}

export const EditButton = (props: RowButtonProps) => (
  <RowButton label="编辑" icon={Pencil} {...props} />
);

export const DeleteButton = (props: RowButtonProps) => (
  <RowButton label="删除" icon={Trash2} danger {...props} />
);

export const HistoryButton = (props: RowButtonProps) => (
  <RowButton label="修改历史" icon={History} {...props} />
);
