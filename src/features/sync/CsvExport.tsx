import { FileSpreadsheet } from 'lucide-react';
import { useId, useState } from 'react';
import { useExportData } from '../../api/sync';
import { saveTextFile } from '../../components/save-file';
import { useToast } from '../../components/toast';
import { useToday } from '../../components/useToday';
import { CategoryBook } from '../../domain/categories';
import { csvFileName, recordsCsv } from '../../domain/csv';
import { RESOURCE_NAMES, RESOURCES, type ResourceName } from '../../domain/resources';
import type { Category } from '../../domain/schemas/category';

/**
 * 导出 CSV: any one list of the export as a file Excel opens with its Chinese intact, from the
 * same data as 导出本地数据 (the server's when online, else this browser's copy).
 */
export function CsvExport({ online, disabled }: { online: boolean; disabled: boolean }) {
  const exportData = useExportData();
  const toast = useToast();
  const today = useToday();
  const [kind, setKind] = useState<ResourceName>('accounts');
  const selectId = useId();

  function handleExport() {
    exportData.mutate(
      { refresh: online },
      {
        onSuccess: (file) => {
          const { exportKey, label } = RESOURCES[kind];
          const name = csvFileName(label.replace('/', '与'), today);
          // Categories of one's own by name, from the same file (issue 61).
          const book = new CategoryBook((file.categories ?? []) as Category[]);
          const text = recordsCsv(file[exportKey] ?? [], kind, book);
          saveTextFile(name, text, 'text/csv;charset=utf-8');
          toast.success(`已导出 ${name}`);
        },
      },
    );
  }

  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <label htmlFor={selectId} className="text-sm text-slate-600">
        导出 CSV 的数据
      </label>
      <select
        id={selectId}
        className="input w-auto min-w-0 flex-1 py-1.5"
        value={kind}
        onChange={(e) => setKind(e.target.value as ResourceName)}
      >
        {RESOURCE_NAMES.map((name) => (
          <option key={name} value={name}>
            {RESOURCES[name].label}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn-secondary"
        disabled={disabled || exportData.isPending}
        onClick={handleExport}
      >
        <FileSpreadsheet size={16} aria-hidden="true" />
        导出 CSV
      </button>
    </div>
  );
}
