/**
 * Button text with a shorter form for phones (docs/spec.md §2). Both forms are in the DOM, so the
 * button itself carries the long form as its aria-label.
 */
export function ShortLabel({ short, long }: { short: string; long: string }) {
  return (
    <>
      <span className="sm:hidden">{short}</span>
      <span className="hidden sm:inline">{long}</span>
    </>
  );
}
