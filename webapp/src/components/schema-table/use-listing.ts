/**
 * The list state of a schema table (the list contract of issue 11, lib/table-api ListResult): what is
 * asked (page size, quick search, search conditions, order) and where the list stands (page, cursor).
 *
 * - "pages" answers: page jumps (`goTo`), as antd's Pagination does.
 * - "cursor" answers: `next` sends the cursor of the page shown, `previous` re-sends the cursor that
 *   fetched the previous page. The cursors are kept as a stack: `stack[i]` fetches page i + 1 (page 1
 *   needs none); a page reached by a jump has no cursor of its own and is fetched by its number again.
 * - Changing the page size, quick search, search or order (`reset`) goes back to page 1 and clears the
 *   stack. An answer that arrives after a newer request was sent is dropped; a page jump past the end
 *   (after deleting the last rows) shows the last page.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListQuery, ListResult, TableApi } from '../../lib/table-api';

export interface Criteria {
  limit: number;
  quick: string;
  /** JSON search conditions, "" for none. */
  search: string;
  /** `field,asc|desc`, "" for the list's own order. */
  order: string;
}

interface Position {
  page: number;
  /** The cursor that fetches `page` ("" for page 1 or a page jump). */
  cursor: string;
}

const EMPTY: ListResult = { list: [], total: 0, remark: '' };
const FIRST: Position = { page: 1, cursor: '' };

export interface Listing {
  answer: ListResult;
  /** True from the first render until the first answer, and while any request is on its way. */
  loading: boolean;
  criteria: Criteria;
  /** The page asked for (the one loading, or shown). */
  page: number;
  /** The page whose rows are shown. */
  shownPage: number;
  /** True when the answer has a cursor for the next page. */
  hasNext: boolean;
  reset: (patch: Partial<Criteria>) => void;
  goTo: (page: number) => void;
  next: () => void;
  previous: () => void;
  reload: () => void;
}

export function useListing(api: TableApi, initial: Partial<Criteria> = {}): Listing {
  const [criteria, setCriteria] = useState<Criteria>(() => ({ limit: 10, quick: '', search: '', order: '', ...initial }));
  const [position, setPosition] = useState<Position>(FIRST);
  const [answer, setAnswer] = useState<ListResult>(EMPTY);
  const [shownPage, setShownPage] = useState(1);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const stack = useRef<(string | undefined)[]>(['']);

  useEffect(() => {
    let current = true;
    setLoading(true);
    const query: ListQuery = {
      page: position.page,
      limit: criteria.limit,
      cursor: position.cursor || undefined,
      quick_search: criteria.quick || undefined,
      search: criteria.search || undefined,
      order: criteria.order || undefined,
    };
    api.index(query).then(
      (res) => {
        if (!current) return;
        const { list, total, pager } = res.data;
        if (!list.length && total > 0 && position.page > 1 && pager !== 'cursor') {
          // A page past the end (its last rows were deleted): show the last page instead.
          setPosition({ page: Math.ceil(total / criteria.limit), cursor: '' });
          return;
        }
        // Keep the cursors of pages 1…page, and add the one of the next page.
        const kept = stack.current.slice(0, position.page);
        kept.length = position.page;
        kept.push(res.data.cursor ?? '');
        stack.current = kept;
        setAnswer(res.data);
        setShownPage(position.page);
        setLoading(false);
      },
      () => {
        // The request client showed the message; the rows shown stay.
        if (current) setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [api, criteria, position, tick]);

  // Each move sets `loading` in the same render as the new position, so nothing reads the old answer
  // as the new page's.
  const move = (to: Position) => {
    setLoading(true);
    setPosition(to);
  };
  const reset = (patch: Partial<Criteria>) => {
    stack.current = [''];
    setCriteria((c) => ({ ...c, ...patch }));
    move(FIRST);
  };
  const goTo = (page: number) => move({ page, cursor: '' });
  const next = () => {
    const cursor = stack.current[position.page];
    if (cursor) move({ page: position.page + 1, cursor });
  };
  const previous = () => {
    const page = position.page - 1;
    if (page >= 1) move({ page, cursor: page > 1 ? (stack.current[page - 1] ?? '') : '' });
  };
  const reload = useCallback(() => {
    setLoading(true);
    setTick((n) => n + 1);
  }, []);

  return {
    answer,
    loading,
    criteria,
    page: position.page,
    shownPage,
    hasNext: Boolean(answer.cursor),
    reset,
    goTo,
    next,
    previous,
    reload,
  };
}
