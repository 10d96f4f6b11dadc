import { useEffect, useState } from 'react';
import { DEFAULT_PAGE_SIZE, pageWindow, type PageWindow } from '@seatside/ui/src/lists';
import { fetchObjects, type ObjectsPage } from './api';

export interface Objects extends PageWindow {
  answer: ObjectsPage | undefined;
  loading: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
  previous(): void;
  next(): void;
}

/**
 * The merchant's objects, a page at a time: a stack of the cursors that led to each page, so
 * Previous needs none from the server. Seed 001 §8: a failed fetch is logged and loading ends.
 */
export function useObjects(merchantId: string, pageSize = DEFAULT_PAGE_SIZE): Objects {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [state, setState] = useState<{ answer: ObjectsPage | undefined; loading: boolean }>({ answer: undefined, loading: true });
  const cursor = cursors[cursors.length - 1];

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    fetchObjects(merchantId, pageSize, cursor, controller.signal).then(
      (answer) => !controller.signal.aborted && setState({ answer, loading: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('The gallery could not be loaded', error);
        setState({ answer: undefined, loading: false });
      },
    );
    return () => controller.abort();
  }, [merchantId, pageSize, cursor]);

  const pageIndex = cursors.length - 1;
  const nextCursor = state.answer?.nextCursor ?? null;
  return {
    ...pageWindow(pageIndex, pageSize, state.answer?.data.length ?? 0, state.answer?.total ?? 0),
    answer: state.answer,
    loading: state.loading,
    hasPrevious: pageIndex > 0,
    hasNext: !state.loading && nextCursor !== null,
    previous: () => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c)),
    next: () => nextCursor && setCursors((c) => [...c, nextCursor]),
  };
}
