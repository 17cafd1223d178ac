// Chromium builds the first date field of a page slowly: the locale's date formats, and the
// calendar icon, an SVG image with a document of its own. Measured at 4× CPU: 35–64 ms to
// create the field and ~30 ms to style and lay it out, paid by the first dialog with a 日期 in
// it (on top of its own ~100 ms). Every later date field costs what any input does.

let warmed = false;

/** Creates, lays out and drops one offscreen date field, once per page. */
export function warmDateFields() {
  if (warmed) return;
  warmed = true;
  const box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  box.style.cssText = 'position:fixed;left:-10000px;top:0;visibility:hidden';
  const field = document.createElement('input');
  field.type = 'date';
  field.tabIndex = -1;
  // The same class as the forms' fields, so that their style is the one worked out here.
  field.className = 'input';
  box.append(field);
  document.body.append(box);
  // Reading a size makes the browser style and lay the field out now.
  void box.offsetWidth;
  box.remove();
}
