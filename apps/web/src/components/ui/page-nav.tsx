import { Button } from './button';

/** Previous / "Page n of m" / Next under a paged list; nothing when there is one page. */
export function PageNav({
  label,
  page,
  pages,
  busy = false,
  onPage,
}: {
  /** The navigation landmark's name, e.g. "Offer pages". */
  label: string;
  page: number;
  pages: number;
  /** A page is loading: both buttons wait. */
  busy?: boolean;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <Button
        variant="secondary"
        size="sm"
        disabled={page <= 1 || busy}
        onClick={() => onPage(Math.max(1, page - 1))}
      >
        Previous
      </Button>
      <p className="text-sm text-ink-muted">{`Page ${page} of ${pages}`}</p>
      <Button variant="secondary" size="sm" disabled={page >= pages || busy} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
