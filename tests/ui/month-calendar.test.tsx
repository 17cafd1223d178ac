import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MonthCalendar } from '../../src/features/checkin/MonthCalendar';

// The grid is one Tab stop; the arrow keys move a day sideways and a week up or down, Home and
// End to the month's first and last open day. Days to come are no buttons.
describe('the calendar’s keys', () => {
  const day = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label}`) });

  it('moves between the days up to today, and toggles with Enter', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    render(
      <MonthCalendar
        month="2026-11"
        today="2026-11-20"
        checked={new Set(['2026-11-19'])}
        name="跑步"
        onToggle={onToggle}
      />,
    );
    // Today takes Tab.
    await user.tab();
    expect(day('11月20日')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(day('11月19日')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(day('11月12日')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowRight}');
    expect(day('11月20日')).toHaveFocus();
    // Not past today: the days to come are not buttons.
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(day('11月20日')).toHaveFocus();
    expect(screen.queryByRole('button', { name: /^11月21日/ })).toBeNull();
    await user.keyboard('{Home}');
    expect(day('11月1日')).toHaveFocus();
    await user.keyboard('{End}{ArrowLeft}{Enter}');
    expect(onToggle).toHaveBeenCalledWith('2026-11-19');
  });
});
