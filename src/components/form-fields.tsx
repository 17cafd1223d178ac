import {
  type ComponentPropsWithRef,
  type FormEventHandler,
  type ReactNode,
  useCallback,
  useRef,
  useState,
} from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { evaluateAmount, isAmountExpression } from '../domain/amount-expression';
import { AmountKeypad, usesTouch } from './AmountKeypad';
import { Field } from './Field';
import { Modal } from './Modal';

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

interface AmountFieldProps extends Labelled {
  /** `register('amount', amountRegisterOptions)`: the form's value is the number the text means. */
  registration: UseFormRegisterReturn;
  /** The stored amount an edit starts from, shown with its two decimals (268.90, not 268.9). */
  initial?: number;
}

/** What `register` needs for an AmountField: the typed text (a sum too) read as a number. */
export const amountRegisterOptions = { setValueAs: (text: unknown) => toAmount(text) } as const;

function toAmount(text: unknown): number {
  if (typeof text === 'number') return text;
  return evaluateAmount(String(text ?? ''));
}

/**
 * 金额: a text box with the decimal keypad (a number input would refuse 12+8.5), the field a
 * money dialog opens on. It takes + and − to split a bill; the sum shows under the box, and
 * more than two decimals is no amount. An edit shows the stored amount as money is written.
 */
export function AmountField({ registration, initial, hint, ...labelled }: AmountFieldProps) {
  const { ref, onChange, onBlur, ...rest } = registration;
  const formatted = useRef(false);
  const node = useRef<HTMLInputElement | null>(null);
  const [sum, setSum] = useState<string | null>(null);
  // On a touch screen the keypad under the box stands in for the system's (AmountKeypad).
  const [touch] = useState(usesTouch);
  const [keypad, setKeypad] = useState(false);
  const refWithFormat = useCallback(
    (input: HTMLInputElement | null) => {
      ref(input);
      node.current = input;
      // Once, after react-hook-form wrote the default in: later renders must not undo typing.
      if (input && initial !== undefined && !formatted.current) {
        formatted.current = true;
        input.value = initial.toFixed(2);
      }
    },
    [ref, initial],
  );
  return (
    <div className="min-w-0">
      <InputField
        {...labelled}
        hint={sum ?? hint}
        type="text"
        inputMode={touch ? 'none' : 'decimal'}
        autoComplete="off"
        placeholder="0.00"
        data-autofocus
        className="tabular-nums"
        {...rest}
        onFocus={() => setKeypad(touch)}
        onBlur={(event) => {
          setKeypad(false);
          return onBlur(event);
        }}
        onChange={(event) => {
          const text = event.target.value;
          const value = isAmountExpression(text) ? evaluateAmount(text) : Number.NaN;
          setSum(Number.isFinite(value) ? `= ${value.toFixed(2)}` : null);
          return onChange(event);
        }}
        ref={refWithFormat}
      />
      {keypad && <AmountKeypad input={() => node.current} onDone={() => node.current?.blur()} />}
    </div>
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

interface FormDialogProps {
  title: string;
  onClose: () => void;
  /** Something typed is not saved yet: Escape and the backdrop ask first (see Modal). */
  dirty: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  children: ReactNode;
}

/**
 * An add/edit dialog: its fields, then 取消 and 保存. `noValidate`: the schema's Chinese
 * messages show, never the browser's own bubbles.
 */
export function FormDialog({ title, onClose, dirty, onSubmit, saving, children }: FormDialogProps) {
  return (
    <Modal title={title} onClose={onClose} dirty={dirty}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {children}
        <FormActions onCancel={onClose} saving={saving} />
      </form>
    </Modal>
  );
}
