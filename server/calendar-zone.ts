// The VTIMEZONE block of the calendar feed (RFC 5545 §3.6.5), from the zone rules the runtime
// itself knows (Intl): every change of the zone's UTC offset within the years asked for, one
// observance each. A zone without changes (Asia/Shanghai since 1991) is one STANDARD block.
// (A maintained generator, @touch4it/ical-timezones, reads zone files beside its own source,
// which the server's single-file bundle does not carry.)

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's UTC offset at `instant`, in minutes. */
function offsetAt(zone: string, instant: number): number {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    formatters.set(zone, f);
  }
  const name = f.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

const two = (n: number) => String(n).padStart(2, '0');

/** +0800, -0430 */
const offsetText = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${two(Math.floor(Math.abs(minutes) / 60))}${two(Math.abs(minutes) % 60)}`;

/** The local time of `instant` at `offset` minutes, as RFC 5545 writes a DTSTART: 20261206T093000. */
function localText(instant: number, offset: number): string {
  const d = new Date(instant + offset * 60_000);
  return `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}T${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`;
}

interface Change {
  at: number;
  from: number;
  to: number;
}

/** The first instant in (low, high] at which the offset is no longer `from`, to the minute. */
function changeWithin(zone: string, low: number, high: number, from: number): number {
  let [a, b] = [low, high];
  while (b - a > 60_000) {
    const mid = a + Math.floor((b - a) / 2 / 60_000) * 60_000;
    if (offsetAt(zone, mid) === from) a = mid;
    else b = mid;
  }
  return b;
}

const kept = new Map<string, string>();

/**
 * The zone's VTIMEZONE for dates in the years `fromYear` to `toYear`, as ical-generator's
 * `timezone.generator` gives it. Kept per zone and span: a feed asked for every hour makes it once.
 */
export function vtimezone(zone: string, fromYear: number, toYear: number): string {
  const key = `${zone}|${fromYear}|${toYear}`;
  const hit = kept.get(key);
  if (hit) return hit;
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  const first = offsetAt(zone, start);
  const changes: Change[] = [];
  let before = first;
  // Day by day, then to the minute: no zone changes its offset twice within a day.
  for (let t = start + DAY; t <= end; t += DAY) {
    const now = offsetAt(zone, t);
    if (now !== before) {
      changes.push({ at: changeWithin(zone, t - DAY, t, before), from: before, to: now });
      before = now;
    }
  }
  const lowest = Math.min(first, ...changes.map((c) => c.to));
  const block = (kind: 'STANDARD' | 'DAYLIGHT', at: string, from: number, to: number) =>
    [
      `BEGIN:${kind}`,
      `DTSTART:${at}`,
      `TZOFFSETFROM:${offsetText(from)}`,
      `TZOFFSETTO:${offsetText(to)}`,
      `END:${kind}`,
    ].join('\r\n');
  const text = [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    block('STANDARD', localText(start, first), first, first),
    // An offset above the zone's lowest is its summer time.
    ...changes.map((c) =>
      block(c.to > lowest ? 'DAYLIGHT' : 'STANDARD', localText(c.at, c.from), c.from, c.to),
    ),
    'END:VTIMEZONE',
  ].join('\r\n');
  kept.set(key, text);
  return text;
}
