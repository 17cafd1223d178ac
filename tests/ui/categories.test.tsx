import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { todayString } from '../../src/domain/dates';
import type { Account } from '../../src/domain/schemas/account';
import type { Category } from '../../src/domain/schemas/category';
import { renderApp, signIn, testServer } from './harness';

// 分类管理 (issue 61) through the whole app: a category of one's own with a 子分类, recorded
// into and rolled up by the month report; a built-in renamed, hidden and moved; a duplicate
// name refused; one's own deleted. The screen reads the real clock, so the entries are placed
// on today's date as the harness does.

const TODAY = todayString(new Date());
const { demo } = await testServer({ today: TODAY, clear: ['accounts', 'categories'] });
beforeEach(async () => {
  await signIn(demo);
});

const expense = (id: string, amount: number, category: string): Account =>
  ({
    id,
    type: 'expense',
    amount,
    category,
    date: TODAY,
    description: '',
    templateId: null,
    reimbursed: false,
    reimbursedBy: null,
  }) as Account;

async function seedEntry(record: Account) {
  await demo.store.accounts.create('demo', record);
}

async function seedCategory(
  id: string,
  name: string,
  order: number,
  parentId: string | null = null,
) {
  await demo.store.categories.create('demo', {
    id,
    name,
    type: 'expense',
    parentId,
    icon: '',
    order,
    hidden: false,
  } as Category);
}

const storedCategories = () => demo.store.categories.list('demo');

/** The rows of 分类管理's list by name, in order (each row's 编辑 button names it). */
const rowNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('button', { name: /^编辑 / })
    .map((b) => (b.getAttribute('aria-label') ?? '').slice('编辑 '.length));

/** /categories, its 支出分类 list loaded. */
async function openCategories() {
  renderApp('/categories');
  await screen.findByRole('heading', { name: '分类管理' });
  return screen.findByRole('region', { name: '支出分类' });
}

/** From 分类管理 back to 记账管理 (the same app, its data as it is now). */
async function backToAccounting(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('link', { name: '返回记账' }));
  await screen.findByRole('region', { name: '今日支出' });
}

/** The names the 分类 grid of 添加记录 offers, in order. */
async function pickerNames(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: '添加记录' }));
  const dialog = await screen.findByRole('dialog', { name: '添加记录' });
  const grid = within(dialog).getByRole('group', { name: '分类' });
  return {
    dialog,
    grid,
    names: within(grid)
      .getAllByRole('button')
      // Its name without the icon or emoji before it.
      .map((b) => b.lastElementChild?.textContent ?? ''),
  };
}

async function closeDialog(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: '取消' }));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
}

describe('分类管理', () => {
  it('adds 宠物 from a suggestion and 子分类 猫粮; an entry in it rolls up to 宠物', async () => {
    const user = userEvent.setup();
    const list = await openCategories();

    await user.click(screen.getByRole('button', { name: '添加分类' }));
    const add = await screen.findByRole('dialog', { name: '添加分类' });
    const chips = within(add).getByRole('group', { name: '常用分类' });
    await user.click(within(chips).getByRole('button', { name: '宠物' }));
    expect(within(add).getByLabelText(/名称/)).toHaveValue('宠物');
    await user.click(within(add).getByRole('button', { name: '图标 🐱' }));
    await user.click(within(add).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(add).not.toBeInTheDocument());
    await within(list).findByText('宠物');

    await user.click(within(list).getByRole('button', { name: '添加「宠物」的子分类' }));
    const sub = await screen.findByRole('dialog', { name: '添加子分类' });
    // A 子分类 gets no suggestions: they are names of top-level categories.
    expect(within(sub).queryByRole('group', { name: '常用分类' })).not.toBeInTheDocument();
    await user.type(within(sub).getByLabelText(/名称/), '猫粮');
    await user.click(within(sub).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(sub).not.toBeInTheDocument());
    await within(list).findByText('猫粮');
    // Indented under 宠物, right after it.
    const rows = rowNames(list);
    const at = rows.indexOf('宠物');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(rows[at + 1]).toBe('猫粮');

    const stored = await storedCategories();
    const pet = stored.find((c) => c.name === '宠物');
    const food = stored.find((c) => c.name === '猫粮');
    expect(pet).toMatchObject({ type: 'expense', parentId: null, icon: '🐱' });
    expect(food).toMatchObject({ type: 'expense', parentId: pet?.id });

    // 添加记录: the grid offers 宠物·猫粮, and the entry files under 猫粮's id.
    await backToAccounting(user);
    const { dialog, grid } = await pickerNames(user);
    await user.type(within(dialog).getByLabelText('金额'), '35');
    await user.click(within(grid).getByRole('button', { name: '宠物·猫粮' }));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(async () =>
      expect(await demo.store.accounts.list('demo')).toMatchObject([
        { type: 'expense', amount: 35, category: food?.id },
      ]),
    );
    const recent = screen.getByRole('region', { name: '最近记录' });
    await within(recent).findByText('宠物 / 猫粮');

    // 月度报告: one bar for 宠物; 展开 shows 猫粮 under it.
    const byCategory = await screen.findByRole('list', { name: '分类支出' });
    await waitFor(() =>
      expect(within(byCategory).getAllByRole('listitem')[0]).toHaveTextContent(
        /^宠物1 个子分类¥35\.00$/,
      ),
    );
    expect(within(byCategory).queryByText('猫粮')).not.toBeInTheDocument();
    const toggle = within(byCategory).getByRole('button', { name: '展开「宠物」的子分类' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('收起「宠物」的子分类');
    const bars = within(byCategory).getAllByRole('listitem');
    expect(bars).toHaveLength(2);
    expect(bars[1]).toHaveTextContent(/^猫粮¥35\.00$/);
    await user.click(toggle);
    expect(within(byCategory).getAllByRole('listitem')).toHaveLength(1);
  });

  it('renames a built-in: 餐饮 → 吃饭 on the rows, the entry untouched', async () => {
    await seedEntry(expense('e1', 20, 'dining'));
    const user = userEvent.setup();
    const list = await openCategories();
    await user.click(within(list).getByRole('button', { name: '编辑 餐饮' }));
    const edit = await screen.findByRole('dialog', { name: '编辑分类' });
    // A built-in stays at the top level: no 上级分类.
    expect(within(edit).queryByLabelText('上级分类')).not.toBeInTheDocument();
    const name = within(edit).getByLabelText(/名称/);
    await user.clear(name);
    await user.type(name, '吃饭');
    await user.click(within(edit).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(edit).not.toBeInTheDocument());
    await within(list).findByText('吃饭');
    expect(within(list).queryByText('餐饮')).not.toBeInTheDocument();
    // The built-in's first record has its id: every entry filed under `dining` follows.
    await waitFor(async () =>
      expect(await storedCategories()).toMatchObject([{ id: 'dining', name: '吃饭' }]),
    );

    await backToAccounting(user);
    const recent = screen.getByRole('region', { name: '最近记录' });
    await within(recent).findByText('吃饭');
    expect(within(recent).getByRole('button', { name: '编辑 吃饭' })).toBeInTheDocument();
    expect(within(recent).queryByText('餐饮')).not.toBeInTheDocument();
    expect(
      within(await screen.findByRole('list', { name: '分类支出' })).getByText('吃饭'),
    ).toBeInTheDocument();
    expect((await demo.store.accounts.list('demo'))[0]).toMatchObject({ category: 'dining' });
  });

  it('hides 交通: gone from the picker, kept on an old entry and in its edit form', async () => {
    await seedEntry(expense('e1', 8, 'transport'));
    const user = userEvent.setup();
    const list = await openCategories();
    await user.click(within(list).getByRole('button', { name: '编辑 交通' }));
    const edit = await screen.findByRole('dialog', { name: '编辑分类' });
    await user.click(within(edit).getByRole('checkbox', { name: /^隐藏/ }));
    await user.click(within(edit).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(edit).not.toBeInTheDocument());
    const row = within(list).getByText('交通').closest('li') as HTMLElement;
    await within(row).findByText('已隐藏');

    await backToAccounting(user);
    const { dialog, names } = await pickerNames(user);
    expect(names).not.toContain('交通');
    expect(names).toContain('餐饮');
    await closeDialog(user, dialog);

    const recent = screen.getByRole('region', { name: '最近记录' });
    expect(within(recent).getByText('交通')).toBeInTheDocument();
    await user.click(within(recent).getByRole('button', { name: '编辑 交通' }));
    const old = await screen.findByRole('dialog', { name: '编辑记录' });
    const kept = within(within(old).getByRole('group', { name: '分类' })).getByRole('button', {
      name: '交通',
    });
    expect(kept).toHaveAttribute('aria-pressed', 'true');
  });

  it('上移 / 下移 change the order the picker offers', async () => {
    const user = userEvent.setup();
    const list = await openCategories();
    expect(within(list).getByRole('button', { name: '上移 餐饮' })).toBeDisabled();
    await user.click(within(list).getByRole('button', { name: '下移 餐饮' }));
    await waitFor(() => expect(rowNames(list).slice(0, 2)).toEqual(['交通', '餐饮']));
    // Both buttons wait while the swap is saved.
    const up = within(list).getByRole('button', { name: '上移 其他' });
    await waitFor(() => expect(up).toBeEnabled());
    expect(within(list).getByRole('button', { name: '上移 交通' })).toBeDisabled();
    // The last one up by one: 其他 before 手续费.
    await user.click(up);
    await waitFor(() => expect(rowNames(list).slice(-2)).toEqual(['其他', '手续费']));
    await waitFor(async () =>
      expect(Object.fromEntries((await storedCategories()).map((c) => [c.id, c.order]))).toEqual({
        transport: 0,
        dining: 1,
        other: 8,
        fee: 9,
      }),
    );

    await backToAccounting(user);
    const { names } = await pickerNames(user);
    expect(names.slice(0, 3)).toEqual(['交通', '餐饮', '购物']);
    expect(names.slice(-2)).toEqual(['其他', '手续费']);
  });

  it('refuses a second 餐饮 (已有同名分类) and saves nothing', async () => {
    const user = userEvent.setup();
    await openCategories();
    await user.click(screen.getByRole('button', { name: '添加分类' }));
    const add = await screen.findByRole('dialog', { name: '添加分类' });
    await user.type(within(add).getByLabelText(/名称/), '餐饮');
    await user.click(within(add).getByRole('button', { name: '保存' }));
    expect(await within(add).findByText('已有同名分类')).toBeInTheDocument();
    expect(add).toBeInTheDocument();
    expect(await storedCategories()).toEqual([]);
  });

  it('deletes a category of one’s own after 请确认; a built-in has no 删除', async () => {
    await seedCategory('pet', '宠物', 20);
    const user = userEvent.setup();
    const list = await openCategories();
    await within(list).findByText('宠物');
    expect(within(list).queryByRole('button', { name: '删除 餐饮' })).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: '删除 宠物' }));
    const confirm = await screen.findByRole('dialog', { name: '请确认' });
    expect(confirm).toHaveTextContent('确定要删除分类「宠物」吗？');
    await user.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(within(list).queryByText('宠物')).not.toBeInTheDocument());
    await waitFor(async () => expect(await storedCategories()).toEqual([]));
  });
});
