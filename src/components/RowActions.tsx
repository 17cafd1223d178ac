import { History, Pencil, Trash2 } from 'lucide-react';

// The icon buttons at the end of a list row. Their accessible names are the glossary's
// words (DESIGN.md §5), which tests and screen readers rely on; the icon is decoration.

interface RowButtonProps {
  onClick: () => void;
  disabled?: boolean;
}

export function EditButton({ onClick, disabled }: RowButtonProps) {
  return (
    <button
      type="button"
      className="btn-icon shrink-0"
      aria-label="编辑"
      title="编辑"
      disabled={disabled}
      onClick={onClick}
    >
      <Pencil size={16} aria-hidden="true" />
    </button>
  );
}

export function DeleteButton({ onClick, disabled }: RowButtonProps) {
  return (
    <button
      type="button"
      className="btn-icon shrink-0 hover:bg-red-50 hover:text-red-600"
      aria-label="删除"
      title="删除"
      disabled={disabled}
      onClick={onClick}
    >
      <Trash2 size={16} aria-hidden="true" />
    </button>
  );
}

export function HistoryButton({ onClick, disabled }: RowButtonProps) {
  return (
    <button
      type="button"
      className="btn-icon shrink-0"
      aria-label="修改历史"
      title="修改历史"
      disabled={disabled}
      onClick={onClick}
    >
      <History size={16} aria-hidden="true" />
    </button>
  );
}
