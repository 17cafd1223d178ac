// Wall-clock times in a user's time zone (dueDate + dueTime, reminderTime, 免打扰) and the
// instants they name. '' as the zone means the server's own (TZ).

const serverZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(zone, f);
  }
  return f;
}

export interface Wall {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm */
  time: string;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function parts(instant: number, zone: string) {
  const p = Object.fromEntries(
    formatter(zone || serverZone())
      .formatToParts(new Date(instant))
      .map((x) => [x.type, x.value]),
  ) as Record<string, string>;
  return p;
}

/** The wall clock in `zone` at `instant` (ms). */
export function wallAt(instant: number, zone: string): Wall {
  const p = parts(instant, zone);
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    time: `${p.hour}:${p.minute}`,
    weekday: WEEKDAYS.indexOf(p.weekday!),
  };
}

function offsetAt(instant: number, zone: string): number {
  const p = parts(instant, zone);
  const asUtc = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant (ms) the wall clock in `zone` reads `date` `time` (one of the two at a
 * fall-back overlap; near the gap's end at a spring-forward one).
 */
export function instantOf(date: string, time: string, zone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  const first = guess - offsetAt(guess, zone);
  const offset = offsetAt(first, zone);
  return offset === guess - first ? first : guess - offset;
}

/** `date` moved by `days` (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

export interface QuietHours {
  start: string;
  end: string;
}

/** Whether `instant` falls in 免打扰 (from start inclusive to end exclusive, maybe over midnight). */
export function inQuietHours(
  instant: number,
  quiet: QuietHours | undefined,
  zone: string,
): boolean {
  if (!quiet || quiet.start === quiet.end) return false;
  const now = minutesOf(wallAt(instant, zone).time);
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** When 免打扰 around `instant` ends: `instant` itself when it is outside them. */
export function quietEnd(instant: number, quiet: QuietHours | undefined, zone: string): number {
  if (!quiet || !inQuietHours(instant, quiet, zone)) return instant;
  const wall = wallAt(instant, zone);
  const today = instantOf(wall.date, quiet.end, zone);
  return today > instant ? today : instantOf(addDays(wall.date, 1), quiet.end, zone);
}
