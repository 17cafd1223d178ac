import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';

// A module of its own, and named so: the 'zod' chunk takes src/components/form-fields* (ZOD in
// vite.config.ts), so react-hook-form and the resolver load with the first dialog, not with the
// screens that share form-fields.tsx's plain fields.

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
