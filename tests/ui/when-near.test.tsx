import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenNear } from '../../src/components/WhenNear';

// WhenNear keeps rows below the fold out of a page load: they draw once their place comes
// near the viewport, and stay. jsdom has no IntersectionObserver; this one is driven by hand.

type Callback = (entries: { isIntersecting: boolean }[]) => void;
let observers: { callback: Callback; disconnected: boolean; margin?: string }[] = [];

class FakeObserver {
  private readonly entry;
  constructor(callback: Callback, options?: { rootMargin?: string }) {
    this.entry = { callback, disconnected: false, margin: options?.rootMargin };
    observers.push(this.entry);
  }
  observe() {}
  disconnect() {
    this.entry.disconnected = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  observers = [];
});

const seen = (isIntersecting: boolean) =>
  act(() => {
    for (const o of observers) if (!o.disconnected) o.callback([{ isIntersecting }]);
  });

describe('WhenNear', () => {
  it('holds the place with an empty box until it comes near, then draws and stays', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { container } = render(
      <WhenNear height="12rem">
        <p>第一行</p>
      </WhenNear>,
    );
    expect(screen.queryByText('第一行')).not.toBeInTheDocument();
    expect((container.firstElementChild as HTMLElement).style.height).toBe('12rem');
    expect(observers[0]?.margin).toBe('100% 0px');

    await seen(false);
    expect(screen.queryByText('第一行')).not.toBeInTheDocument();
    await seen(true);
    expect(await screen.findByText('第一行')).toBeInTheDocument();
    expect(observers.every((o) => o.disconnected)).toBe(true);
  });

  it('draws at once where the browser cannot tell what is near', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenNear height="12rem">
        <p>第一行</p>
      </WhenNear>,
    );
    expect(screen.getByText('第一行')).toBeInTheDocument();
  });
});
