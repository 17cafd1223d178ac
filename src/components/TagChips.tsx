/**
 * A record's 标签 as small chips on its list row (issue 63), on one line that clips rather than
 * wraps, so a row keeps its height (the long lists are drawn by row slots of one height).
 * Nothing for a record without tags.
 */
export function TagChips({ tags }: { tags?: readonly string[] | null }) {
  if (!tags || tags.length === 0) return null;
  return (
    <span className="flex min-w-0 shrink gap-1 overflow-hidden">
      <span className="sr-only">标签</span>
      {tags.map((tag) => (
        <span
          key={tag}
          className="max-w-[7rem] shrink-0 truncate rounded-full bg-violet-50 px-1.5 text-[11px] leading-4 whitespace-nowrap text-violet-700 ring-1 ring-violet-100 ring-inset"
        >
          #{tag}
        </span>
      ))}
    </span>
  );
}
