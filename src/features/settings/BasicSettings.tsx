import { useDarkMode } from '../../components/theme';
import { SettingsCard } from './auto-save';

/**
 * 设置 → 基本: how the app looks on this device. The choice is this browser's (it is
 * applied before the first paint, src/boot/boot.js), so it saves at once with nothing to send.
 */
export function BasicSettings() {
  const [dark, setDark] = useDarkMode();
  return (
    <SettingsCard title="外观" className="space-y-3">
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="size-5"
          checked={dark}
          onChange={(e) => setDark(e.target.checked)}
        />
        深色模式
      </label>
      <p className="text-sm text-slate-500">只对本设备生效；导航栏的开关与此相同。</p>
    </SettingsCard>
  );
}
