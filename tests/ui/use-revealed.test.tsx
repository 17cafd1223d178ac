import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRevealed } from '../../src/components/useRevealed';

// useRevealed draws a costly list a card at a time: `first` at once, then one more per task,
// so that no one task draws them all (/checkin at ten years, 4× CPU).

afterEach(() => {
  vi.useRealTimers();
});

function List({ items }: { items: string[] }) {
  const shown = items.slice(0, useRevealed(items.length, 3));
  return (
    <ul>
      {shown.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

const letters = (n: number) => Array.from({ length: n }, (_, i) => `习惯${i + 1}`);

describe('useRevealed', () => {
  it('draws the first at once, then one more each task, until all are drawn', async () => {
    vi.useFakeTimers();
    render(<List items={letters(6)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    for (const count of [4, 5, 6]) {
      await act(() => vi.advanceTimersToNextTimerAsync());
      expect(screen.getAllByRole('listitem')).toHaveLength(count);
    }
    // All drawn: nothing more is scheduled.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('draws fewer than `first` at once, and an item added later in a task of its own', async () => {
    vi.useFakeTimers();
    const { rerender } = render(<List items={letters(2)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
    rerender(<List items={letters(5)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });
});
