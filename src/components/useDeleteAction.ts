import { useConfirm } from './confirm';

interface DeleteMutation<T> {
  mutate: (record: T) => void;
  isPending: boolean;
  variables?: T;
}

/**
 * The one way a list deletes a row: ask first when the screen has a question, then run the
 * kind's delete mutation (whose failure message is declared with it). `deletingId` is the
 * row whose delete is on its way, for its button to show it.
 */
export function useDeleteAction<T extends { id: string }>(
  mutation: DeleteMutation<T>,
  question: ((record: T) => string) | null,
) {
  const confirm = useConfirm();
  return {
    remove: async (record: T) => {
      if (question && !(await confirm(question(record), { confirmLabel: '删除' }))) return;
      mutation.mutate(record);
    },
    deletingId: mutation.isPending ? (mutation.variables?.id ?? null) : null,
  };
}
