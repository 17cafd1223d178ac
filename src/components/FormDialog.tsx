import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEventHandler, ReactNode } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormActions } from './form-fields';
import { Modal } from './Modal';

/**
 * The form of an add/edit dialog, checked by `schema` (the one the server and the upload use),
 * with `errors` and `isDirty` read out for the fields and the Modal.
 */
export function useDialogForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  return { ...form, errors: form.formState.errors, isDirty: form.formState.isDirty };
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
