import { ClipboardCopy } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { useToast } from '../../components/toast';
import { assetDetails } from '../../domain/asset-versioning';
import { formatYuan } from '../../domain/money';
import type { Asset } from '../../domain/schemas/asset';
import { assetCategoryLabels, labelOf } from '../../domain/schemas/categories';

/** 总资产 明细: every asset counted in the card, and 复制明细 as JSON (docs/spec.md §2). */
export function AssetDetailsDialog({ latest, onClose }: { latest: Asset[]; onClose: () => void }) {
  const toast = useToast();
  const details = useMemo(() => assetDetails(latest), [latest]);
  const json = useMemo(() => JSON.stringify(details, null, 2), [details]);
  // When the clipboard refuses (no permission, or plain http where it does not exist), the JSON
  // is shown selected so that it can be copied by hand.
  const [manual, setManual] = useState(false);
  const text = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (manual) text.current?.focus();
  }, [manual]);

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(json);
      toast.success('明细已复制到剪贴板');
    } catch {
      toast.error('复制失败，请手动选择文本复制');
      setManual(true);
    }
  }

  return (
    <Modal
      title="总资产明细"
      onClose={onClose}
      size="lg"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            关闭
          </button>
          <button type="button" className="btn-primary" onClick={copy}>
            <ClipboardCopy size={16} aria-hidden="true" />
            复制明细
          </button>
        </>
      }
    >
      {details.items.length === 0 ? (
        <EmptyState message="暂无资产" />
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs text-slate-500">
              <th className="py-2 font-medium">名称</th>
              <th className="py-2 font-medium">分类</th>
              <th className="py-2 text-center font-medium">版本</th>
              <th className="py-2 text-right font-medium">金额</th>
            </tr>
          </thead>
          <tbody>
            {details.items.map((item) => (
              <tr key={item.id} className="border-b border-slate-100">
                <td className="py-2 pr-2 break-all text-slate-800">{item.name}</td>
                <td className="py-2 pr-2 whitespace-nowrap text-slate-600">
                  {labelOf(assetCategoryLabels, item.category)}
                </td>
                <td className="py-2 text-center text-slate-500 tabular-nums">v{item.version}</td>
                <td className="py-2 text-right whitespace-nowrap tabular-nums">
                  {formatYuan(item.amount)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3} className="pt-3 text-left font-medium text-slate-600">
                合计（{details.items.length} 项）
              </th>
              <td className="pt-3 text-right font-semibold whitespace-nowrap tabular-nums">
                {formatYuan(details.total)}
              </td>
            </tr>
          </tfoot>
        </table>
      )}
      {manual && (
        <div className="mt-4">
          <Field label="明细 JSON" hint="已全选，可按 Ctrl+C / ⌘C 复制">
            {(id, describedBy) => (
              <textarea
                id={id}
                ref={text}
                readOnly
                rows={8}
                value={json}
                className="input font-mono text-xs"
                aria-describedby={describedBy}
                onFocus={(event) => event.currentTarget.select()}
              />
            )}
          </Field>
        </div>
      )}
    </Modal>
  );
}
