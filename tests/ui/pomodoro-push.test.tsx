import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayString } from '../../src/domain/dates';
import { DEFAULT_SETTINGS } from '../../src/domain/schemas/default-settings';
import { renderApp, signIn, testServer } from './harness';

// 番茄钟 phase ends ring through push (issue 37 item 5, issue 38 "Focus"): the page keeps the
// server's one-offs equal to the phase ends to come. The push routes are the Node server's only
// (server/push), so they are answered here as that server would.

const TODAY = todayString(new Date());
const { server, demo } = await testServer({ today: TODAY });

let clock: number;
let calls: { method: string; id: string; at?: string; title?: string; body?: string }[];
let offline: boolean;

beforeEach(async () => {
  clock = new Date(`${TODAY}T12:00:00`).getTime();
  vi.spyOn(Date, 'now').mockImplementation(() => clock);
  calls = [];
  offline = false;
  await signIn(demo);
  await demo.store.settings.put('demo', DEFAULT_SETTINGS, new Date().toISOString());
  server.use(
    http.put('/api/push/one-offs/:id', async ({ request, params }) => {
      if (offline) return HttpResponse.error();
      const body = (await request.json()) as { at: string; title: string; body: string };
      calls.push({ method: 'PUT', id: String(params.id), ...body });
      return HttpResponse.json({ id: params.id, at: body.at });
    }),
    http.delete('/api/push/one-offs/:id', ({ params }) => {
      if (offline) return HttpResponse.error();
      calls.push({ method: 'DELETE', id: String(params.id) });
      return new HttpResponse(null, { status: 204 });
    }),
  );
});
afterEach(() => vi.restoreAllMocks());

async function openPomodoro() {
  renderApp('/time');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: '番茄钟' }));
  return user;
}

const iso = (ms: number) => new Date(ms).toISOString();
const summary = () => calls.map((c) => `${c.method} ${c.at ?? ''}`.trim());

describe('番茄钟 phase ends through push', () => {
  it('schedules the phase end on start, cancels on pause and stop, moves it on resume', async () => {
    const user = await openPomodoro();
    const start = clock;
    await user.click(screen.getByRole('button', { name: '开始番茄钟' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      at: iso(start + 25 * 60_000),
      title: '专注结束',
      body: '番茄钟 · 休息一下吧',
    });
    const id = calls[0]!.id;
    expect(id).toMatch(/^pomo-end-/);

    clock += 10 * 60_000;
    await user.click(screen.getByRole('button', { name: '暂停' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({ method: 'DELETE', id });

    // Five minutes paused: the end moves five minutes on.
    clock += 5 * 60_000;
    await user.click(screen.getByRole('button', { name: '继续' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toMatchObject({ method: 'PUT', id, at: iso(start + 30 * 60_000) });

    // 下一阶段 without auto-start: the break waits to be started, nothing is due.
    await user.click(screen.getByRole('button', { name: '下一阶段' }));
    await waitFor(() => expect(calls).toHaveLength(4));
    expect(calls[3]).toEqual({ method: 'DELETE', id });
    await user.click(screen.getByRole('button', { name: '开始短休息' }));
    await waitFor(() => expect(calls).toHaveLength(5));
    expect(calls[4]).toMatchObject({
      method: 'PUT',
      id,
      title: '休息结束',
      at: iso(clock + 5 * 60_000),
    });

    await user.click(screen.getByRole('button', { name: '停止' }));
    await waitFor(() => expect(calls).toHaveLength(6));
    expect(calls[5]).toEqual({ method: 'DELETE', id });
    await new Promise((r) => setTimeout(r, 100));
    expect(calls).toHaveLength(6);
  });

  it('with auto-start, the round ahead is scheduled and a skip moves every end', async () => {
    await demo.store.settings.put(
      'demo',
      { ...DEFAULT_SETTINGS, pomodoro: { ...DEFAULT_SETTINGS.pomodoro, autoStart: true } },
      new Date().toISOString(),
    );
    const user = await openPomodoro();
    const start = clock;
    await user.click(screen.getByRole('button', { name: '开始番茄钟' }));
    // Auto-start: every phase end of the round ahead rings, the page closed or not.
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(9));
    expect(calls.slice(0, 3).map((c) => [c.title, c.at])).toEqual([
      ['专注结束', iso(start + 25 * 60_000)],
      ['休息结束', iso(start + 30 * 60_000)],
      ['专注结束', iso(start + 55 * 60_000)],
    ]);
    calls = [];
    clock += 60_000;
    await user.click(screen.getByRole('button', { name: '下一阶段' }));
    // The break starts now: the first end is the break's, and every later one moves with it.
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').length).toBe(9));
    expect(calls[0]).toMatchObject({ title: '休息结束', at: iso(clock + 5 * 60_000) });
  });

  it('offline: nothing throws, the timer runs, and the next change tries again', async () => {
    offline = true;
    const user = await openPomodoro();
    const start = clock;
    await user.click(screen.getByRole('button', { name: '开始番茄钟' }));
    expect(await screen.findByText('暂停')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 200));
    expect(calls).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
    offline = false;
    clock += 60_000;
    await user.click(screen.getByRole('button', { name: '暂停' }));
    await user.click(screen.getByRole('button', { name: '继续' }));
    await waitFor(() => expect(summary()).toEqual([`PUT ${iso(start + 25 * 60_000)}`]));
  });
});
