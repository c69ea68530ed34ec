// A board's keyset-paged list (limit, cursor, next_cursor; see @contract/paging.ts) as TanStack
// Query's infinite query: the first page on mount, the next one on demand (LoadMore). A realtime
// invalidation refetches every page loaded so far, in order, so a live board stays whole.
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { screenState, type ScreenState } from "./screen-state.ts";

/** Rows per request: the API's default page. */
export const BOARD_PAGE_SIZE = 50;

/** The query of one page, `limit=…&<filters>&cursor=…` (apiCall leaves out empty filters and the first page's cursor). */
export function pageQuery<F extends Readonly<Record<string, string | undefined>>>(
  cursor: string | null,
  filters: F = {} as F,
  limit: number = BOARD_PAGE_SIZE,
): F & { limit: string; cursor: string | null } {
  return { limit: String(limit), ...filters, cursor };
}

/** The options every paged list shares: start without a cursor, follow next_cursor until null. */
export const cursorPaging = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: { next_cursor: string | null }) => last.next_cursor,
};

export interface PagedScreenState<Row> extends ScreenState<Row[]> {
  /** The server has another page. */
  hasMore: boolean;
  /** The next page is being fetched. */
  loadingMore: boolean;
  loadMore: () => void;
}

/** What a screen shows of a paged list: every loaded row, in page order, and how to get more. */
export function pagedScreenState<Page, Row>(
  query: UseInfiniteQueryResult<InfiniteData<Page>>,
  rowsOf: (page: Page) => readonly Row[],
  fallbackError: string,
): PagedScreenState<Row> {
  const state = screenState(query, fallbackError);
  return {
    ...state,
    data: query.data?.pages.flatMap(rowsOf),
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (!query.isFetchingNextPage) void query.fetchNextPage();
    },
  };
}

/** The cached pages with `update` applied to each page (an answer replacing a row's older copy). */
export function mapPages<Page>(
  data: InfiniteData<Page> | undefined,
  update: (page: Page) => Page,
): InfiniteData<Page> | undefined {
  return data && { ...data, pages: data.pages.map(update) };
}
