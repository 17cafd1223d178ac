import { ArrowDown, ArrowUp, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAccounts } from '../../api/accounts';
import {
  useCategories,
  useCategoryBook,
  useDeleteCategory,
  useSaveCategories,
} from '../../api/categories';
import { ListStatus } from '../../components/ListStatus';
import { lazyDialog, usePreloadDialogs } from '../../components/lazy-with-retry';
import { PageHeader } from '../../components/PageHeader';
import { DeleteButton, EditButton } from '../../components/RowActions';
import { Spinner } from '../../components/Spinner';
import { useDeleteAction } from '../../components/useDeleteAction';
import { type CategoryItem, entryCodeOf } from '../../domain/categories';
import { type AccountType, accountTypeLabels } from '../../domain/schemas/categories';
import type { Category } from '../../domain/schemas/category';

// The form (react-hook-form, zod) loads once the screen is quiet or pressed (usePreloadDialogs).
const CategoryDialog = lazyDialog(() => import('./CategoryDialog').then((m) => m.CategoryDialog));

type Open =
  | { category: CategoryItem; parentId: null }
  | { category: null; parentId: string | null }
  | null;

/**
 * 分类管理 (issue 61): add, rename, reorder and hide the categories of 支出 and 收入, and add
 * 子分类 one level down. Reached from 记账管理 and from 设置.
 */
export function CategoriesScreen() {
  const list = useCategories();
  const book = useCategoryBook();
  const [type, setType] = useState<AccountType>('expense');
  const [open, setOpen] = useState<Open>(null);
  const move = useSaveCategories();
  usePreloadDialogs(!list.isPending, CategoryDialog);
  const entries = useAccounts().data?.items;
  const remove = useDeleteCategory();
  const { remove: askRemove } = useDeleteAction(remove, (c: Category) => {
    const used = entries?.filter(
      (e) => e.type === c.type && e.category === entryCodeOf(c.id),
    ).length;
    return {
      message: `确定要删除分类「${c.name}」吗？`,
      detail: used
        ? `有 ${used} 条记录使用此分类，删除后它们将显示为未知分类。只想不再选择它，可以改为隐藏。`
        : undefined,
    };
  });

  /** Swaps a category with its neighbour: every sibling gets its place as its order. */
  const shift = (item: CategoryItem, by: -1 | 1) => {
    const siblings = item.parentId ? book.children(item.parentId) : book.topLevel(item.type);
    const at = siblings.findIndex((c) => c.id === item.id);
    const to = at + by;
    if (at < 0 || to < 0 || to >= siblings.length) return;
    const order = [...siblings];
    order.splice(to, 0, ...order.splice(at, 1));
    const changes = order
      .map((c, i) => ({ c, i }))
      .filter(({ c, i }) => c.order !== i)
      .map(({ c, i }) => ({
        id: c.id,
        input: {
          name: c.name,
          type: c.type,
          parentId: c.parentId,
          icon: c.icon,
          order: i,
          hidden: c.hidden,
        },
      }));
    if (changes.length) move.mutate(changes);
  };

  /** One's own, with no 子分类 left: a built-in is hidden rather than deleted. */
  const deletable = (item: CategoryItem) => !item.builtIn && book.children(item.id).length === 0;
  const tops = book.topLevel(type);
  const anyDeletable = tops.some((top) => deletable(top) || book.children(top.id).some(deletable));

  const row = (item: CategoryItem, siblings: CategoryItem[], index: number, sub: boolean) => (
    <li
      key={item.id}
      className={`flex items-center gap-2 py-2.5 pr-2 ${sub ? 'pl-10' : 'pl-4'} ${item.hidden ? 'opacity-70' : ''}`}
    >
      <span className="w-6 shrink-0 text-center text-lg" aria-hidden="true">
        {item.icon}
      </span>
      {/* 已隐藏 stays whole: under the name on a phone, whose row has room for only a few
          characters beside five buttons; beside it from sm up. A long name is cut. */}
      <span className="flex min-w-0 flex-1 flex-col items-start gap-0.5 sm:flex-row sm:items-center sm:gap-2">
        <span className="min-w-0 max-w-full truncate text-slate-900" title={item.name}>
          {item.name}
        </span>
        {item.hidden && (
          <span className="shrink-0 whitespace-nowrap rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
            已隐藏
          </span>
        )}
      </span>
      <button
        type="button"
        className="btn-icon"
        aria-label={`上移 ${item.name}`}
        title="上移"
        disabled={index === 0 || move.isPending}
        onClick={() => shift(item, -1)}
      >
        <ArrowUp size={16} aria-hidden="true" />
      </button>
      <button
        type="button"
        className="btn-icon"
        aria-label={`下移 ${item.name}`}
        title="下移"
        disabled={index === siblings.length - 1 || move.isPending}
        onClick={() => shift(item, 1)}
      >
        <ArrowDown size={16} aria-hidden="true" />
      </button>
      {sub ? (
        // The 添加子分类 column kept empty, so 编辑 and 删除 line up with the rows above.
        <span className="w-8 shrink-0" aria-hidden="true" />
      ) : (
        <button
          type="button"
          className="btn-icon"
          aria-label={`添加「${item.name}」的子分类`}
          title="添加子分类"
          aria-haspopup="dialog"
          onClick={() => setOpen({ category: null, parentId: item.id })}
        >
          <Plus size={16} aria-hidden="true" />
        </button>
      )}
      <EditButton item={item.name} onClick={() => setOpen({ category: item, parentId: null })} />
      {deletable(item) ? (
        <DeleteButton
          item={item.name}
          onClick={() => {
            const stored = list.data?.items.find((c) => c.id === item.id);
            if (stored) askRemove(stored);
          }}
        />
      ) : (
        // As above for 删除, when some row of the list has one.
        anyDeletable && <span className="w-8 shrink-0" aria-hidden="true" />
      )}
    </li>
  );

  return (
    <div className="space-y-4">
      <PageHeader
        title="分类管理"
        actions={
          <>
            <Link to="/accounting" className="btn-secondary">
              返回记账
            </Link>
            <button
              type="button"
              className="btn-primary"
              aria-haspopup="dialog"
              onClick={() => setOpen({ category: null, parentId: null })}
            >
              <Plus size={16} aria-hidden="true" />
              添加分类
            </button>
          </>
        }
      />
      <ListStatus state={list.data} failure="加载分类失败：{message}" onRetry={list.refetch} />
      <fieldset className="inline-flex rounded-xl bg-slate-100 p-1">
        <legend className="sr-only">分类类型</legend>
        {(['expense', 'income'] as const).map((t) => (
          <button
            key={t}
            type="button"
            aria-pressed={type === t}
            onClick={() => setType(t)}
            className={`rounded-lg px-4 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-blue-500 ${
              type === t ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600'
            }`}
          >
            {accountTypeLabels[t]}分类
          </button>
        ))}
      </fieldset>
      {list.isPending ? (
        <Spinner />
      ) : (
        <section className="card p-0" aria-label={`${accountTypeLabels[type]}分类`}>
          <p className="border-b border-slate-100 px-4 py-2.5 text-sm text-slate-500">
            隐藏的分类不再出现在选择列表中，已有记录保留原分类。报表和预算把子分类计入上级分类。
          </p>
          <ul className="divide-y divide-slate-100">
            {tops.map((top, i) => {
              const subs = book.children(top.id);
              return [row(top, tops, i, false), ...subs.map((sub, j) => row(sub, subs, j, true))];
            })}
          </ul>
        </section>
      )}
      {open && (
        <CategoryDialog
          book={book}
          category={open.category}
          type={open.category?.type ?? type}
          parentId={open.parentId}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
