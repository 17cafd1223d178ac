// 登录设备: a browser and a system, told from a User-Agent header, for a person to recognise
// their own devices by. Order matters: Edge and Opera say Chrome too, Chrome says Safari too.

const BROWSERS: [RegExp, string][] = [
  [/EdgA?\/|Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/MicroMessenger/, '微信'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/SamsungBrowser\//, '三星浏览器'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/HarmonyOS/, 'HarmonyOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome · Windows"; what cannot be told is 未知浏览器 / 未知系统. */
export function describeUserAgent(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? '未知浏览器';
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? '未知系统';
  return `${browser} · ${system}`;
}
