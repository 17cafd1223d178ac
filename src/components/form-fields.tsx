import type { ComponentPropsWithRef } from 'react';
import { Field } from './Field';

// Labelled controls for the add/edit dialogs. Each takes react-hook-form's `register(...)`
// spread like a plain element, so every dialog gets the same label, error and ARIA wiring.

interface Labelled {
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
}

export function InputField({
  label,
  error,
  hint,
  required,
  className = '',
  ...input
}: Labelled & ComponentPropsWithRef<'input'>) {
  return (
    <Field label={label} error={error} hint={hint} required={required}>
      {(id, describedBy) => (
        <input
          id={id}
          className={`input ${className}`}
          aria-invalid={!!error}
          aria-describedby={describedBy}
          {...input}
        />
      )}
    </Field>
  );
}

/** className replaces the default min-h-20, so a shorter box (rows={2}) can pass its own min-h. */
export function TextAreaField({
  label,
  error,
  hint,
  required,
  className = 'min-h-20',
  ...textarea
}: Labelled & ComponentPropsWithRef<'textarea'>) {
  return (
    <Field label={label} error={error} hint={hint} required={required}>
      {(id, describedBy) => (
        <textarea
          id={id}
          className={`input ${className}`}
          rows={3}
          aria-invalid={!!error}
          aria-describedby={describedBy}
          {...textarea}
        />
      )}
    </Field>
  );
}

interface SelectFieldProps extends Labelled, ComponentPropsWithRef<'select'> {
  /** key → label, in display order (the category maps of src/domain/schemas/categories). */
  options: Readonly<Record<string, string>>;
  /** A first, empty option such as 请选择分类, for a choice the user must make. */
  placeholder?: string;
}

export function SelectField({
  label,
  error,
  hint,
  required,
  options,
  placeholder,
  className = '',
  ...select
}: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required}>
      {(id, describedBy) => (
        <select
          id={id}
          className={`input ${className}`}
          aria-invalid={!!error}
          aria-describedby={describedBy}
          {...select}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {Object.entries(options).map(([key, text]) => (
            <option key={key} value={key}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** 取消 / 保存 at the foot of a dialog's form; 保存中... while the save is on its way. */
export function FormActions({ onCancel, saving }: { onCancel: () => void; saving: boolean }) {
  return (
    <div className="flex justify-end gap-2 pt-2">
      <button type="button" className="btn-secondary" onClick={onCancel}>
        取消
      </button>
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? '保存中...' : '保存'}
      </button>
    </div>
  );
}
