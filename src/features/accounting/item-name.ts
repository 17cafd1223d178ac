import { BUILT_IN_BOOK, type CategoryBook } from '../../domain/categories';
import type { AccountType } from '../../domain/schemas/categories';

/** What a row's buttons name it by (编辑 午饭): its 备注, else its category. */
export function itemOf(
  entry: { type: AccountType; category: string; description: string },
  book: CategoryBook = BUILT_IN_BOOK,
) {
  return entry.description.trim() || book.label(entry.type, entry.category);
}
