import { type FormEvent, useState } from 'react';
import { FormActions, InputField } from '../../components/form-fields';
import { Modal } from '../../components/Modal';
import { cleanTag, tagProblem } from '../../domain/tags';

interface RenameTagDialogProps {
  tag: string;
  saving: boolean;
  onClose: () => void;
  onRename: (to: string) => void;
}

/** 重命名标签: the new name, checked by the same rules as any tag. */
export function RenameTagDialog({ tag, saving, onClose, onRename }: RenameTagDialogProps) {
  const [name, setName] = useState(tag);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const to = cleanTag(name);
    const problem = tagProblem(to);
    if (problem) return setError(problem);
    if (to === tag) return onClose();
    onRename(to);
  };
  return (
    <Modal title="重命名标签" onClose={onClose} dirty={cleanTag(name) !== tag}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <InputField
          label="新名称"
          required
          value={name}
          maxLength={40}
          error={error ?? undefined}
          hint="所有带这个标签的记录都会改用新名称；与已有标签同名时两者合并"
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          data-autofocus
        />
        <FormActions onCancel={onClose} saving={saving} />
      </form>
    </Modal>
  );
}
