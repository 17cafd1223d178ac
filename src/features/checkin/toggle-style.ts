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
};
