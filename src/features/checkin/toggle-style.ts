/**
 * The check-in button's two looks, shared by the card and the phone's row. Bordered in both:
 * a border only once checked made the card 2 px taller, which moved every card below it and
 * repainted the whole page (43 ms of the check-in's frame at 4× CPU on ten years), besides the
 * button's visible jump.
 */
export const TOGGLE_LOOK = {
  checked: 'btn border border-emerald-200 bg-emerald-50 text-emerald-700 hover:bg-emerald-100',
  unchecked: 'btn-primary border border-transparent',
};
