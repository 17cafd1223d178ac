import { useState } from 'react';
import { useCreateAccount } from '../../api/accounts';
import { useCategoryBook } from '../../api/categories';
import { useSettings } from '../../api/settings';
import { useCreateTask } from '../../api/tasks';
import { useWallets } from '../../api/wallets';
import { FormDialog, InputField, SelectField } from '../../components/form-fields';
import { SegmentedControl } from '../../components/SegmentedControl';
import { evaluateAmount } from '../../domain/amount-expression';
import { accountInputSchema } from '../../domain/schemas/account';
import { type AccountType, accountTypeLabels } from '../../domain/schemas/categories';
import { taskInputSchema } from '../../domain/schemas/task';
import { withTagsFrom } from '../../domain/tags';
import { dayTitle } from '../../domain/today';

// 日历's agenda adds to its day (issue 59): a task due that day, an entry dated that day. The
// schemas' own Chinese messages say what is wrong (docs/architecture.md, Decisions "One schema per entity").

/** The first message of a failed parse, by field. */
function firstErrors(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

export function AddTaskDialog({ date, onClose }: { date: string; onClose: () => void }) {
  const [title, setTitle] = useState('');
  const [time, setTime] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateTask();
  return (
    <FormDialog
      title={`添加任务 · ${dayTitle(date)}`}
      onClose={onClose}
      dirty={title !== ''}
      saving={create.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = taskInputSchema.safeParse({ title, dueDate: date, dueTime: time });
        if (!parsed.success) return setErrors(firstErrors(parsed.error.issues));
        create.mutate(parsed.data, { onSuccess: onClose });
      }}
    >
      <InputField
        label="标题"
        required
        value={title}
        error={errors.title}
        data-autofocus
        onChange={(e) => setTitle(e.target.value)}
      />
      <InputField
        label="截止时间"
        type="time"
        value={time}
        error={errors.dueTime}
        onChange={(e) => setTime(e.target.value)}
      />
    </FormDialog>
  );
}

/** 支出 / 收入, one tap (SegmentedControl), as in 添加记录. */
const TYPE_OPTIONS = Object.entries(accountTypeLabels).map(([value, label]) => ({
  value: value as AccountType,
  label,
}));

export function AddEntryDialog({ date, onClose }: { date: string; onClose: () => void }) {
  const [type, setType] = useState<AccountType>('expense');
  const [amount, setAmount] = useState('');
  const [category, setCategory] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateAccount();
  const book = useCategoryBook();
  // 账户 (issue 61): the open accounts, starting from 设置's 默认账户 when it is one of them.
  const settings = useSettings();
  const wallets = (useWallets().data?.items ?? []).filter((w) => !w.archived);
  const walletOptions = Object.fromEntries(wallets.map((w) => [w.id, w.name]));
  const [walletId, setWalletId] = useState<string | null>(null);
  const wallet =
    walletId ?? (walletOptions[settings.defaultWalletId] ? settings.defaultWalletId : '');
  return (
    <FormDialog
      title={`记一笔 · ${dayTitle(date)}`}
      onClose={onClose}
      dirty={amount !== '' || description !== ''}
      saving={create.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = accountInputSchema.safeParse({
          type,
          amount: evaluateAmount(amount),
          category,
          description,
          date,
          walletId: wallet || null,
          // A #标签 in 备注 tags the entry, and the note keeps its words (issue 63).
          tags: withTagsFrom([], description),
        });
        if (!parsed.success) return setErrors(firstErrors(parsed.error.issues));
        create.mutate(parsed.data, { onSuccess: onClose });
      }}
    >
      <SegmentedControl
        label="类型"
        options={TYPE_OPTIONS}
        value={type}
        onChange={(next) => {
          setType(next);
          setCategory('');
        }}
      />
      <InputField
        label="金额"
        required
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={amount}
        error={errors.amount}
        data-autofocus
        onChange={(e) => setAmount(e.target.value)}
      />
      <SelectField
        label="分类"
        required
        options={book.labels(type, category)}
        placeholder="请选择分类"
        value={category}
        error={errors.category && '请选择分类'}
        onChange={(e) => setCategory(e.target.value)}
      />
      {wallets.length > 0 && (
        <SelectField
          label="账户"
          options={walletOptions}
          placeholder="不指定账户"
          value={wallet}
          error={errors.walletId}
          onChange={(e) => setWalletId(e.target.value)}
        />
      )}
      <InputField
        label="备注"
        value={description}
        error={errors.description}
        onChange={(e) => setDescription(e.target.value)}
      />
    </FormDialog>
  );
}
