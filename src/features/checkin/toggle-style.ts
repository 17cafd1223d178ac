/**
 * The check-in button's two looks, shared by the card and the phone's row. Bordered in both:
 * a border only once checked made the card 2 px taller, which moved every card below it and
 * repainted the whole page (43 ms of the check-in's frame at 4× CPU on ten years), besides the
 * button's visible jump. No colour transition: the state shows in the press's own frame, and a
 * transition drew ~9 more frames on the main thread (and a transitionrun event through React)
 * while the check-in's write wanted it.
 */
export const TOGGLE_LOOK = {
  checked:
    'btn border border-emerald-200 bg-emerald-50 text-emerald-700 transition-none hover:bg-emerald-100',
  unchecked: 'btn-primary border border-transparent transition-none',
  /** A day the habit is not scheduled (issue 60): neither done nor missed, whatever it holds. */
  rest: 'btn border border-slate-200 bg-slate-50 text-slate-600 transition-none hover:bg-slate-100',
};

/**
 * What the check-in button says. On a rest day a check-in is kept but counts for nothing, so
 * it never says 今日已打卡 (issue 60: a green ✓ on an unscheduled day read as done).
 */
export function toggleLabel(rest: boolean, done: boolean): string {
  if (rest) return done ? '休息日已记录' : '今日休息';
  return done ? '今日已打卡' : '今日打卡';
}

/** The button's title on a rest day. */
export const REST_TITLE = '今天不在计划内：打卡会记下，但不计入今日已打卡和连续天数';
