import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DrawnAhead } from '../../src/components/DrawnAhead';
import { Modal } from '../../src/components/Modal';

function AddForm({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="添加任务" onClose={onClose}>
      <label>
        标题
        <input name="title" />
      </label>
      <label>
        备注
        <input name="note" />
      </label>
    </Modal>
  );
}

function Screen({ ahead, startsFrom = '2026-11-28' }: { ahead: boolean; startsFrom?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        添加任务
      </button>
      <DrawnAhead open={open} ahead={ahead} startsFrom={startsFrom}>
        <AddForm onClose={() => setOpen(false)} />
      </DrawnAhead>
    </>
  );
}

/** Every draw of `Labelled`, with the label it was given. */
const draws: string[] = [];
function Labelled({ label }: { label: string }) {
  draws.push(label);
  return (
    <Modal title="添加任务" onClose={() => undefined}>
      <p>{label}</p>
    </Modal>
  );
}

/** The form drawn ahead: in the document, hidden from sight, keyboard and screen readers. */
const hiddenForm = () => document.querySelector<HTMLElement>('[role="dialog"]');
const whenDrawn = () => waitFor(() => expect(hiddenForm()).not.toBeNull());

describe('DrawnAhead', () => {
  it('draws nothing until the screen says its forms may be drawn', async () => {
    render(<Screen ahead={false} />);
    await new Promise((r) => setTimeout(r, 120));
    expect(hiddenForm()).toBeNull();
  });

  it('draws the form hidden once idle: skipped, not shown, no scroll lock', async () => {
    render(<Screen ahead />);
    await whenDrawn();
    const overlay = hiddenForm()!.parentElement!;
    const wrapper = overlay.parentElement!;
    // Skipped (content-visibility: no paint, no focus), and said so to screen readers.
    expect(wrapper.style.contentVisibility).toBe('hidden');
    expect(wrapper.getAttribute('aria-hidden')).toBe('true');
    // Neither inherited hiding is set: lifting the wrapper restyles nothing below it.
    expect(overlay.style.visibility).toBe('');
    expect(overlay.inert).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(document.activeElement).toBe(document.body);
  });

  it('where the browser cannot skip a subtree, the form hides itself and is inert', async () => {
    // Safari before 18, Firefox before 125.
    vi.stubGlobal('CSS', { supports: () => false });
    try {
      render(<Screen ahead />);
      await whenDrawn();
      const overlay = hiddenForm()!.parentElement!;
      expect(overlay.style.visibility).toBe('hidden');
      expect(overlay.inert).toBe(true);
      expect(overlay.parentElement!.getAttribute('aria-hidden')).toBe('true');
      expect(overlay.parentElement!.style.contentVisibility).toBe('');
      expect(screen.queryByRole('dialog')).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: '添加任务' }));
      expect(screen.getByRole('dialog', { name: '添加任务' })).toBe(hiddenForm());
      expect(overlay.style.visibility).toBe('');
      expect(overlay.inert).toBe(false);
      expect(overlay.parentElement!.hasAttribute('aria-hidden')).toBe(false);
      expect(document.body.style.overflow).toBe('hidden');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('opening shows the form already drawn, and focuses its first field after that paint', async () => {
    render(<Screen ahead />);
    await whenDrawn();
    const drawn = hiddenForm();
    fireEvent.click(screen.getByRole('button', { name: '添加任务' }));
    const dialog = screen.getByRole('dialog', { name: '添加任务' });
    // The same element: shown, not drawn again from scratch.
    expect(dialog).toBe(drawn);
    expect(dialog.parentElement!.parentElement!.style.contentVisibility).toBe('');
    expect(dialog.parentElement!.parentElement!.hasAttribute('aria-hidden')).toBe(false);
    expect(document.body.style.overflow).toBe('hidden');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: '标题' })),
    );
  });

  it('leaves focus where the user put it before that paint: typing is not sent elsewhere', async () => {
    render(<Screen ahead />);
    await whenDrawn();
    fireEvent.click(screen.getByRole('button', { name: '添加任务' }));
    // A fast tap on 备注 while the opening has not painted yet (a busy phone).
    const note = screen.getByRole('textbox', { name: '备注' });
    note.focus();
    await new Promise((r) => setTimeout(r, 100));
    expect(document.activeElement).toBe(note);
  });

  it('starts each opening from a new form: what was typed does not come back', async () => {
    render(<Screen ahead />);
    await whenDrawn();
    const opener = screen.getByRole('button', { name: '添加任务' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.change(screen.getByRole('textbox', { name: '标题' }), {
      target: { value: '交房租' },
    });
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Focus back on the opener, the lock gone.
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(document.body.style.overflow).toBe('');
    await whenDrawn();
    fireEvent.click(screen.getByRole('button', { name: '添加任务' }));
    expect(screen.getByRole('textbox', { name: '标题' })).toHaveValue('');
  });

  it('an opening before the next form is drawn draws a new one at once', async () => {
    render(<Screen ahead />);
    await whenDrawn();
    fireEvent.click(screen.getByRole('button', { name: '添加任务' }));
    fireEvent.change(screen.getByRole('textbox', { name: '标题' }), {
      target: { value: '交房租' },
    });
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    // No idle moment in between.
    fireEvent.click(screen.getByRole('button', { name: '添加任务' }));
    expect(screen.getByRole('textbox', { name: '标题' })).toHaveValue('');
  });

  it('draws a new form when what it starts from changes (the day turns)', async () => {
    const { rerender } = render(<Screen ahead />);
    await whenDrawn();
    const drawn = hiddenForm();
    act(() => rerender(<Screen ahead startsFrom="2026-11-29" />));
    expect(hiddenForm()).not.toBe(drawn);
  });

  it('keeps an open form, and what is typed in it, when the day turns', async () => {
    const { rerender } = render(<Screen ahead />);
    await whenDrawn();
    fireEvent.click(screen.getByRole('button', { name: '添加任务' }));
    fireEvent.change(screen.getByRole('textbox', { name: '标题' }), {
      target: { value: '交房租' },
    });
    act(() => rerender(<Screen ahead startsFrom="2026-11-29" />));
    expect(screen.getByRole('textbox', { name: '标题' })).toHaveValue('交房租');
  });

  it('does not draw a hidden form again when the screen renders, nor as it opens; then takes its props', async () => {
    draws.length = 0;
    const tree = (label: string, open = false) => (
      <DrawnAhead open={open} ahead>
        <Labelled label={label} />
      </DrawnAhead>
    );
    const { rerender } = render(tree('一'));
    await whenDrawn();
    const drawnBefore = draws.length;
    // The screen renders (a filter, a key in the search) and hands the form new props.
    act(() => rerender(tree('二')));
    act(() => rerender(tree('三')));
    expect(draws.length).toBe(drawnBefore);
    // The press that opens it only shows it (Modal reads the context)...
    act(() => rerender(tree('四', true)));
    expect(screen.getByRole('dialog', { name: '添加任务' })).toHaveTextContent('一');
    expect(draws.length).toBe(drawnBefore);
    // ...and once that has painted, it draws with what the screen gives now, and keeps doing so.
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: '添加任务' })).toHaveTextContent('四'),
    );
    act(() => rerender(tree('五', true)));
    expect(screen.getByRole('dialog', { name: '添加任务' })).toHaveTextContent('五');
  });
});
