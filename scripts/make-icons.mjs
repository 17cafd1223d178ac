// The app's icons, drawn here as SVG and rasterised by the same Chromium the browser tests
// use (no image library to install). Run `node scripts/make-icons.mjs` after changing the
// drawing; the PNGs in public/ are committed.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const THEME = '#2563eb';

/**
 * A clipboard with a tick: lists, records and check-ins. `maskable` fills the whole square
 * and keeps the drawing inside the central 80 % circle that launchers may crop to; without it,
 * the plain icon with transparent rounded corners.
 */
function iconSvg({ maskable, size }) {
  const scale = maskable ? 0.78 : 1;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="${size}" height="${size}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#3b82f6"/>
      <stop offset="1" stop-color="#1d4ed8"/>
    </linearGradient>
  </defs>
  <rect width="512" height="512" rx="${maskable ? 0 : 112}" fill="url(#bg)"/>
  <g transform="translate(256 262) scale(${scale}) translate(-256 -262)">
    <rect x="132" y="118" width="248" height="300" rx="30" fill="#fff"/>
    <rect x="192" y="86" width="128" height="64" rx="22" fill="#dbeafe" stroke="#fff" stroke-width="14"/>
    <path d="M182 268l50 50 98-106" fill="none" stroke="${THEME}" stroke-width="38"
      stroke-linecap="round" stroke-linejoin="round"/>
    <rect x="182" y="352" width="148" height="22" rx="11" fill="#bfdbfe"/>
  </g>
</svg>`;
}

const OUT = join(import.meta.dirname, '..', 'public');
const icons = [
  { file: 'pwa-192x192.png', size: 192, maskable: false },
  { file: 'pwa-512x512.png', size: 512, maskable: false },
  { file: 'maskable-icon-512x512.png', size: 512, maskable: true },
  // iOS paints transparent corners black and rounds the icon itself: give it the full square.
  { file: 'apple-touch-icon-180x180.png', size: 180, maskable: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, maskable } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const svg = iconSvg({ maskable, size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg}</body></html>`,
    );
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    writeFileSync(join(OUT, file), png);
    console.log(`public/${file}: ${size}×${size}, ${png.length} bytes`);
    await page.close();
  }
} finally {
  await browser.close();
}
