import { type ReactNode, useId } from 'react';

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  /** Receives the id the control must carry so the label names it. */
  children: (id: string, describedBy: string | undefined) => ReactNode;
}

/** A labelled form control with its validation message (docs/spec.md "Glossary": real labels). */
export function Field({ label, error, hint, required, children }: FieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="space-y-1">
      {/* The required mark is drawn by CSS so that the label's text, and so the control's
          accessible name, is exactly the glossary's word. */}
      <label
        htmlFor={id}
        className={`block text-sm font-medium text-slate-700 ${required ? "after:ml-0.5 after:text-red-500 after:content-['*']" : ''}`}
      >
        {label}
      </label>
      {children(id, error || hint ? messageId : undefined)}
      {error ? (
        <p id={messageId} className="text-sm text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
