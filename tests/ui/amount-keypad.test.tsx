import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AmountField, amountRegisterOptions } from '../../src/components/form-fields';

// 金额 on a touch screen (issue 61): the keypad under the box has + and −, which a phone's
// decimal pad lacks, and the form reads what its keys typed as if it had been typed.

function pointer(coarse: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: coarse && query === '(pointer: coarse)',
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function AmountForm({ onSave }: { onSave: (amount: number) => void }) {
  const { register, handleSubmit } = useForm<{ amount: number }>();
  return (
    <form onSubmit={handleSubmit((v) => onSave(v.amount))}>
      <AmountField label="金额" registration={register('amount', amountRegisterOptions)} />
      <button type="submit">保存</button>
    </form>
  );
}

describe('金额键盘', () => {
  it('on touch: 12+0.5 from the keys shows = 12.50 and saves 12.5', async () => {
    pointer(true);
    const saved: number[] = [];
    render(<AmountForm onSave={(a) => saved.push(a)} />);
    const user = userEvent.setup();
    const amount = screen.getByLabelText('金额');
    expect(amount).toHaveAttribute('inputmode', 'none');
    expect(screen.queryByRole('group', { name: '金额键盘' })).not.toBeInTheDocument();
    await user.click(amount);
    const keypad = within(screen.getByRole('group', { name: '金额键盘' }));
    for (const key of ['1', '2', '加', '0', '.', '5']) {
      await user.click(keypad.getByRole('button', { name: key }));
    }
    expect(amount).toHaveValue('12+0.5');
    expect(screen.getByText('= 12.50')).toBeInTheDocument();
    // The field keeps the focus while the keys are pressed.
    expect(amount).toHaveFocus();
    await user.click(keypad.getByRole('button', { name: '删除' }));
    await user.click(keypad.getByRole('button', { name: '减' }));
    await user.click(keypad.getByRole('button', { name: '2' }));
    expect(amount).toHaveValue('12+0.−2');
    expect(screen.getByText('= 10.00')).toBeInTheDocument();
    for (let i = 0; i < 2; i++) await user.click(keypad.getByRole('button', { name: '删除' }));
    await user.click(keypad.getByRole('button', { name: '5' }));
    expect(amount).toHaveValue('12+0.5');
    await user.click(keypad.getByRole('button', { name: '完成' }));
    expect(screen.queryByRole('group', { name: '金额键盘' })).not.toBeInTheDocument();
    expect(amount).not.toHaveFocus();
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(saved).toEqual([12.5]);
  });

  it('with a mouse and keyboard: the decimal keypad of the system, and no keys of ours', async () => {
    pointer(false);
    render(<AmountForm onSave={() => {}} />);
    const amount = screen.getByLabelText('金额');
    expect(amount).toHaveAttribute('inputmode', 'decimal');
    await userEvent.setup().click(amount);
    expect(screen.queryByRole('group', { name: '金额键盘' })).not.toBeInTheDocument();
  });
});
