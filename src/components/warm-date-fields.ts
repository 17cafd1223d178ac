// Chromium builds the first date field of a page slowly: the locale's date formats, and the
// calendar icon, an SVG image with a document of its own. Measured at 4× CPU: 35–64 ms to
// create the field and ~30 ms to style and lay it out, paid by the first dialog with a 日期 in
// it (on top of its own ~100 ms). A time field has a clock icon of its own and pays the same
// again on its first use (31 ms to create and lay out at 4× with the date field warm; the
// trace of 添加任务, which has both, showed the clock's document loaded inside its first
// frame: 添加任务 went from 375–396 ms to 184 at 4× once it was warm). Every later field of
// either type costs what any input does.

const warmed = new Set<string>();

/** Creates, lays out and drops one offscreen field of the type, once per page. */
function warm(type: 'date' | 'time') {
  if (warmed.has(type)) return;
  warmed.add(type);
  const box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  box.style.cssText = 'position:fixed;left:-10000px;top:0;visibility:hidden';
  const field = document.createElement('input');
  field.type = type;
  field.tabIndex = -1;
  // The same class as the forms' fields, so that their style is the one worked out here.
  field.className = 'input';
  box.append(field);
  document.body.append(box);
  // Reading a size makes the browser style and lay the field out now.
  void box.offsetWidth;
  box.remove();
}

/** The date field, then the time field: each its own step, as each is a task of ~50 ms at 4×. */
export const warmDateFields = [() => warm('date'), () => warm('time')] as const;
