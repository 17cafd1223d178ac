import { describe, expect, it } from 'vitest';
import { describeUserAgent } from '../../../src/domain/user-agent';

// 登录设备 (src/domain/user-agent.ts): real User-Agent headers, each to what a person would call
// the device. Edge and Opera say Chrome too and Chrome says Safari too, so the order matters.

const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('describeUserAgent', () => {
  it.each([
    ['Chrome on Windows', CHROME_WIN, 'Chrome · Windows'],
    ['Edge on Windows', `${CHROME_WIN} Edg/131.0.0.0`, 'Edge · Windows'],
    [
      'Edge on Android',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.0.0',
      'Edge · Android',
    ],
    ['Opera on Windows', `${CHROME_WIN} OPR/115.0.0.0`, 'Opera · Windows'],
    ['old Opera', 'Opera/9.80 (Windows NT 6.1) Presto/2.12.388 Version/12.18', 'Opera · Windows'],
    [
      '微信 on an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50',
      '微信 · iPhone',
    ],
    [
      'Firefox on Linux',
      'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox · Linux',
    ],
    [
      'Firefox on an iPad',
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
      'Firefox · iPad',
    ],
    [
      '三星浏览器 on Android',
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
      '三星浏览器 · Android',
    ],
    [
      'Chrome on an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
      'Chrome · iPhone',
    ],
    [
      'Safari on a Mac',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari · macOS',
    ],
    [
      'Chrome on HarmonyOS',
      'Mozilla/5.0 (Phone; OpenHarmony 4.1; HarmonyOS 4.2) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36',
      'Chrome · HarmonyOS',
    ],
    [
      'Chrome on a Chromebook',
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome · ChromeOS',
    ],
    ['a script', 'curl/8.5.0', '未知浏览器 · 未知系统'],
    ['nothing', '', '未知浏览器 · 未知系统'],
  ])('%s', (_name, userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toBe(expected);
  });
});
