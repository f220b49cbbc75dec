import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Select } from '../../../components/ui/select.tsx';
import { PAGE_SIZES } from '../screen-url.ts';

/** "1–25 of 143", previous/next, and the page size. */
export function Pagination({
  page,
  pageSize,
  total,
  onPage,
  onPageSize,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const rowsId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const btn =
    'inline-flex h-9 items-center gap-1 rounded-lg border border-border-strong bg-surface px-3 text-sm font-medium hover:bg-surface-subtle disabled:pointer-events-none disabled:opacity-50';
  return (
    <nav aria-label="Result pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-fg-muted tabular">
        {from}–{to} of {total} · page {page} of {pages}
      </p>
      <div className="flex items-center gap-2">
        <span className="flex items-center gap-1.5 text-fg-muted">
          <label htmlFor={rowsId}>Rows</label>
          <Select id={rowsId} value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))} className="h-9 px-2">
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </span>
        <button type="button" className={btn} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft className="size-4" aria-hidden />
          Previous
        </button>
        <button type="button" className={btn} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
          <ChevronRight className="size-4" aria-hidden />
        </button>
      </div>
    </nav>
  );
}
