import { Delete } from 'lucide-react';

// 金额's own keypad on a touch screen (issue 61): a phone's decimal pad has no + or −, so a
// shared bill (12+0.5) could not be typed there. The field keeps the focus (inputMode none
// holds the system keyboard back) and each key edits its text as typing would.

/** Whether this device is used by touch: its amount fields get the keypad. */
export const usesTouch = () => window.matchMedia?.('(pointer: coarse)').matches ?? false;

/** Sets a React-controlled input's text and tells React, as a keystroke would. */
function type(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

type Key = { label: string; name: string; press: (text: string) => string };

const append = (char: string): Key => ({
  label: char,
  name: char,
  press: (text) => text + char,
});

const KEYS: readonly Key[] = [
  append('1'),
  append('2'),
  append('3'),
  { label: '⌫', name: '删除', press: (text) => text.slice(0, -1) },
  append('4'),
  append('5'),
  append('6'),
  { label: '+', name: '加', press: (text) => `${text}+` },
  append('7'),
  append('8'),
  append('9'),
  { label: '−', name: '减', press: (text) => `${text}−` },
  append('.'),
  append('0'),
];

export function AmountKeypad({
  input,
  onDone,
}: {
  /** The amount field the keys type into. */
  input: () => HTMLInputElement | null;
  onDone: () => void;
}) {
  const press = (key: Key) => {
    const field = input();
    if (field) type(field, key.press(field.value));
  };
  return (
    <fieldset
      aria-label="金额键盘"
      className="mt-2 grid grid-cols-4 gap-1.5 rounded-lg bg-slate-100 p-1.5 select-none"
      // A press must not take the focus from the field: the keypad would close on its blur.
      onPointerDown={(event) => event.preventDefault()}
    >
      {KEYS.map((key) => (
        <button
          key={key.name}
          type="button"
          aria-label={key.name === key.label ? undefined : key.name}
          className="flex h-11 items-center justify-center rounded-md bg-white text-lg font-medium text-slate-900 tabular-nums shadow-sm active:bg-slate-200"
          onClick={() => press(key)}
        >
          {key.name === '删除' ? <Delete size={20} aria-hidden="true" /> : key.label}
        </button>
      ))}
      <button
        type="button"
        className="col-span-2 flex h-11 items-center justify-center rounded-md bg-blue-600 text-base font-semibold text-white active:bg-blue-700"
        onClick={onDone}
      >
        完成
      </button>
    </fieldset>
  );
}
