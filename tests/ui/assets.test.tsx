import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { firstVersion, nextVersion } from '../../src/domain/asset-versioning';
import { todayString } from '../../src/domain/dates';
import type { Asset } from '../../src/domain/schemas/asset';
import { renderApp, signIn, testServer } from './harness';
import { recordRequests, requestsTo } from './requests';

// Two busy cores: the lazy screen and chart chunks can take more than the default second.
configure({ asyncUtilTimeout: 5000 });

// The screen reads the real clock, so records are dated relative to it.
const TODAY = todayString(new Date());
const { server, demo } = await testServer({ today: TODAY, clear: ['assets', 'assetHistory'] });
// Clones, so that a test can read a body the server has read too.
const requests = recordRequests(server, (request) => request.clone());
beforeEach(async () => {
  await signIn(demo);
});

const posts = (path: string) => requestsTo(requests, 'POST', path);

const card = (title: string) => screen.getByRole('region', { name: title });

function asset(id: string, patch: Partial<Asset> = {}): Asset {
  return {
    ...firstVersion(
      {
        type: 'asset',
        name: '活期',
        category: 'bank_deposit',
        amount: 1000,
        description: '',
        date: TODAY,
        effectiveDate: '',
      },
      id,
    ),
    ...patch,
  };
}

async function seed(...records: Asset[]) {
  for (const record of records) await demo.store.assets.create('demo', record);
}

async function openScreen() {
  renderApp('/assets');
  await screen.findByRole('region', { name: '总资产' });
  return userEvent.setup();
}

describe('/assets', () => {
  it('counts only the latest version of each chain, with receivables and a red net worth', async () => {
    const v1 = asset('a1', { amount: 1000 });
    const v2 = nextVersion(v1, { ...v1, amount: 1500 }, 'a1-v2');
    await seed(
      v1,
      v2,
      asset('r1', { name: '借给小王', category: 'receivables', amount: 200.1 }),
      asset('l1', { type: 'liability', name: '房贷', category: 'mortgage', amount: 5000 }),
    );
    await openScreen();
    await within(card('总资产')).findByText('¥1,700.10');
    expect(within(card('总负债')).getByText('¥5,000.00')).toBeInTheDocument();
    expect(within(card('应收款总额')).getByText('¥200.10')).toBeInTheDocument();
    const net = within(card('净资产')).getByText('-¥3,299.90');
    expect(net.closest('p')).toHaveClass('text-red-600');
    expect(screen.getAllByRole('listitem', { name: '活期' })).toHaveLength(1);
  });

  it('validates, clears the category on a type change, and saves version 1 with a create entry', async () => {
    const user = await openScreen();
    await user.click(screen.getByRole('button', { name: '添加资产/负债' }));
    const dialog = await screen.findByRole('dialog', { name: '添加资产/负债' });
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请填写名称')).toBeInTheDocument();
    expect(posts('/api/assets')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('分类'), '银行存款');
    await user.selectOptions(within(dialog).getByLabelText('类型'), '负债');
    expect(within(dialog).getByLabelText('分类')).toHaveValue('');
    expect(within(dialog).queryByRole('option', { name: '银行存款' })).toBeNull();

    await user.type(within(dialog).getByLabelText('名称'), '信用卡账单');
    await user.selectOptions(within(dialog).getByLabelText('分类'), '信用卡');
    await user.type(within(dialog).getByLabelText('金额'), '321.5');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await waitFor(async () => expect(await demo.store.assetHistory.list('demo')).toHaveLength(1));
    const [saved] = await demo.store.assets.list('demo');
    expect(saved).toMatchObject({
      type: 'liability',
      name: '信用卡账单',
      category: 'credit_card',
      amount: 321.5,
      date: TODAY,
      version: 1,
      originalId: null,
    });
    const [entry] = await demo.store.assetHistory.list('demo');
    expect(entry).toMatchObject({ action: 'create', assetId: saved!.id, oldData: null });
    await within(card('总负债')).findByText('¥321.50');
  });

  it('an edit adds version + 1 and an update entry; history lists old → new', async () => {
    await seed(asset('a1', { amount: 1000 }));
    const user = await openScreen();
    const row = await screen.findByRole('listitem', { name: '活期' });
    await user.click(within(row).getByRole('button', { name: '编辑 活期' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑资产/负债' });
    expect(within(dialog).getByLabelText('金额')).toHaveValue('1000.00');
    expect(within(dialog).getByLabelText('分类')).toHaveValue('bank_deposit');
    await user.clear(within(dialog).getByLabelText('金额'));
    await user.type(within(dialog).getByLabelText('金额'), '1250');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await within(card('总资产')).findByText('¥1,250.00');

    await waitFor(async () => {
      const versions = await demo.store.assets.list('demo');
      expect(versions.map((v) => [v.version, v.originalId, v.previousVersionId, v.amount])).toEqual(
        expect.arrayContaining([
          [1, null, null, 1000],
          [2, 'a1', 'a1', 1250],
        ]),
      );
    });

    await user.click(
      within(screen.getByRole('listitem', { name: '活期' })).getByRole('button', {
        name: '修改历史 活期',
      }),
    );
    const history = await screen.findByRole('dialog', { name: '修改历史：活期' });
    const entries = within(await within(history).findByRole('list', { name: '修改历史' }));
    const items = entries.getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('修改');
    expect(items[0]).toHaveTextContent('金额¥1,000.00→改为¥1,250.00');
  });

  it('a refused save keeps the dialog and the typing; the retry stores one version and its entry', async () => {
    await seed(asset('a1'));
    server.use(
      http.post(/\/api\/assets$/, () =>
        HttpResponse.json({ error: '名称: 名称最多 100 个字符' }, { status: 422 }),
      ),
    );
    const user = await openScreen();
    await user.click(
      within(await screen.findByRole('listitem', { name: '活期' })).getByRole('button', {
        name: '编辑 活期',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: '编辑资产/负债' });
    expect(within(dialog).getByLabelText('分类')).toHaveValue('bank_deposit');
    await user.clear(within(dialog).getByLabelText('名称'));
    await user.type(within(dialog).getByLabelText('名称'), '活期存款');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(
      await screen.findByText('保存资产失败：名称: 名称最多 100 个字符，请重试'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('名称')).toHaveValue('活期存款');
    // The history entry of the refused version went with it.
    await waitFor(async () => expect(await demo.store.assets.list('demo')).toHaveLength(1));
    await waitFor(async () => expect(await demo.store.assetHistory.list('demo')).toHaveLength(0));

    server.resetHandlers();
    await user.click(await within(dialog).findByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect(await demo.store.assetHistory.list('demo')).toHaveLength(1));
    const versions = await demo.store.assets.list('demo');
    expect(versions.map((v) => [v.version, v.name]).sort()).toEqual([
      [1, '活期'],
      [2, '活期存款'],
    ]);
  });

  it('deletes the whole chain after confirming, and says so when the server refuses', async () => {
    const v1 = asset('a1');
    await seed(v1, nextVersion(v1, { ...v1, amount: 2000 }, 'a1-v2'));
    server.use(
      http.delete(/\/api\/assets\/[^/]+$/, () =>
        HttpResponse.json({ error: '数据库忙' }, { status: 422 }),
      ),
    );
    const user = await openScreen();
    const row = await screen.findByRole('listitem', { name: '活期' });
    await user.click(within(row).getByRole('button', { name: '删除 活期' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '请确认' })).getByRole('button', {
        name: '删除',
      }),
    );
    expect(await screen.findByText('删除资产失败：数据库忙，请重试')).toBeInTheDocument();

    // The refused delete brought the row back.
    server.resetHandlers();
    const restored = await screen.findByRole('listitem', { name: '活期' });
    await user.click(within(restored).getByRole('button', { name: '删除 活期' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '请确认' })).getByRole('button', {
        name: '删除',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('listitem', { name: '活期' })).toBeNull());
    await waitFor(async () => expect(await demo.store.assets.list('demo')).toEqual([]));
    await waitFor(async () => expect(await demo.store.assetHistory.list('demo')).toHaveLength(1));
    const [entry] = await demo.store.assetHistory.list('demo');
    expect(entry).toMatchObject({ action: 'delete', assetId: 'a1', newData: null });
    expect(entry?.oldData?.id).toBe('a1-v2');
  });

  it('falls back to the copied JSON, selected, when the clipboard refuses', async () => {
    await seed(asset('a1', { amount: 88.8 }));
    const writeText = vi
      .spyOn(navigator.clipboard, 'writeText')
      .mockRejectedValue(new Error('denied'));
    const user = await openScreen();
    await within(card('总资产')).findByText('¥88.80');
    await user.click(screen.getByRole('button', { name: '查看明细' }));
    const dialog = await screen.findByRole('dialog', { name: '总资产明细' });
    await user.click(within(dialog).getByRole('button', { name: '复制明细' }));
    expect(await screen.findByText('复制失败，请手动选择文本复制')).toBeInTheDocument();
    const text = within(dialog).getByLabelText('明细 JSON') as HTMLTextAreaElement;
    expect(JSON.parse(text.value)).toEqual({
      scope: 'latest-version',
      total: 88.8,
      items: [
        {
          id: 'a1',
          originalId: 'a1',
          version: 1,
          name: '活期',
          category: 'bank_deposit',
          amount: 88.8,
        },
      ],
    });
    await waitFor(() => expect(document.activeElement).toBe(text));
    expect(writeText).toHaveBeenCalledWith(text.value);
    writeText.mockRestore();
  });
});
