import { pageOfPagesText, rangeText, type PageWindow } from './paging';
import { listMessages as m } from './messages';
import './styles';

export interface PagerFooterProps extends PageWindow {
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious(): void;
  onNext(): void;
  pageSize?: number;
  /** Offered page sizes; omitted: no page-size picker. */
  pageSizes?: readonly number[];
  onPageSize?(size: number): void;
}

/** The 64 px list footer: rows per page, 'page of pages', 'from-to of total', Previous and Next. */
export function PagerFooter(props: PagerFooterProps) {
  const { hasPrevious, hasNext, onPrevious, onNext, pageSize, pageSizes, onPageSize } = props;
  return (
    <nav className="ls-footer" aria-label="Pagination">
      {pageSizes && onPageSize && (
        <label>
          {m.rowsPerPage}{' '}
          <select value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))}>
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      )}
      <span data-testid="page-of-pages">{pageOfPagesText(props)}</span>
      <span data-testid="range" aria-live="polite">
        {rangeText(props)}
      </span>
      <button type="button" onClick={onPrevious} disabled={!hasPrevious}>
        {m.previous}
      </button>
      <button type="button" onClick={onNext} disabled={!hasNext}>
        {m.next}
      </button>
    </nav>
  );
}
