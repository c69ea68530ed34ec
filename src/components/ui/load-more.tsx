// The end of a paged list: the next page loads by itself when this scrolls into view (an
// IntersectionObserver on a sentinel, a screen early so scrolling rarely waits), and a
// "Load more" button does the same for keyboards, screen readers and browsers without observers.
import { useEffect, useRef } from "react";
import { formatCount } from "@/lib/format.ts";
import { t } from "@/lib/i18n/index.ts";
import { Button } from "./button.tsx";

interface LoadMoreProps {
  /** Rows on screen. */
  shown: number;
  /** Every row of the list when known (e.g. exact counts from a summary); omitted otherwise. */
  total?: number;
  /** The server said there is another page. */
  hasMore: boolean;
  /** The next page is being fetched. */
  loading: boolean;
  onLoadMore: () => void;
}

export function LoadMore({ shown, total, hasMore, loading, onLoadMore }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  // The latest callback, read by the observer without re-creating it for every new closure.
  const latestLoad = useRef(onLoadMore);
  useEffect(() => {
    latestLoad.current = onLoadMore;
  });

  // Re-created when a page arrives: a new observer reports at once whether the sentinel is still
  // in view, so a tall screen keeps loading until it is full (or the list ends).
  useEffect(() => {
    const element = sentinel.current;
    if (!hasMore || loading || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          latestLoad.current();
        }
      },
      // A screen above and below the viewport: the next page starts a screen early, and a jump
      // to the end of the page (End, a fling, a short list above a tall footer) that passes the
      // sentinel within a frame still leaves it in the observed area.
      { rootMargin: "100% 0px 100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading]);

  if (!hasMore) return null;
  return (
    <div className="load-more" ref={sentinel}>
      {total !== undefined && total > shown && (
        <p className="muted-note">{t("common.showing", { shown: formatCount(shown), total: formatCount(total) })}</p>
      )}
      <Button variant="outline" loading={loading} onClick={onLoadMore}>
        {loading ? t("common.loadingMore") : t("common.loadMore")}
      </Button>
    </div>
  );
}
