import { type AccountType, accountCategoryLabels, labelOf } from '../../domain/schemas/categories';

/** What a row's buttons name it by (编辑 午饭): its 备注, else its category. */
export function itemOf(entry: { type: AccountType; category: string; description: string }) {
  return entry.description.trim() || labelOf(accountCategoryLabels(entry.type), entry.category);
}
