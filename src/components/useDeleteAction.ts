import { useConfirm } from './confirm';
import { rememberFocus } from './focus-return';

interface DeleteMutation<T> {
  mutate: (record: T, options?: { onSuccess?: () => void }) => void;
  isPending: boolean;
  variables?: T;
}

/** What the confirmation asks: a sentence naming the record, and maybe what goes with it. */
export type DeleteQuestion = string | { message: string; detail?: string };

/**
 * The one way a list deletes a row, the same on every screen: a confirmation that names the
 * record (Enter deletes, Escape keeps it), then the kind's delete mutation (whose failure
 * message is declared with it). Once the row is gone, focus goes to the list that held it
 * rather than to the top of the page. `deletingId` is the row whose delete is on its way,
 * for its button to show it.
 */
export function useDeleteAction<T extends { id: string }>(
  mutation: DeleteMutation<T>,
  question: (record: T) => DeleteQuestion,
) {
  const confirm = useConfirm();
  return {
    remove: async (record: T) => {
      const focus = rememberFocus();
      const asked = question(record);
      const { message, detail } = typeof asked === 'string' ? { message: asked } : asked;
      if (!(await confirm(message, { confirmLabel: '删除', detail }))) return;
      mutation.mutate(record, { onSuccess: focus.followRemoval });
    },
    deletingId: mutation.isPending ? (mutation.variables?.id ?? null) : null,
  };
}
