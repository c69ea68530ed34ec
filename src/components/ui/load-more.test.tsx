import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, useEffect, useState, type ComponentProps } from "react";
import { render } from "@/testing/render.tsx";
import { LoadMore } from "./load-more.tsx";

// The test DOM lays nothing out, so no IntersectionObserver there would fire: a stand-in the test
// scrolls by calling its callback.
const observers: { callback: IntersectionObserverCallback; observed: Element[]; disconnected: boolean }[] = [];
class FakeObserver {
  record: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback) {
    this.record = { callback, observed: [], disconnected: false };
    observers.push(this.record);
  }
  observe(element: Element) {
    this.record.observed.push(element);
  }
  disconnect() {
    this.record.disconnected = true;
  }
}

/** The sentinel of the live observer scrolls into view. */
function scrollIntoView() {
  const live = observers.filter((observer) => !observer.disconnected).at(-1)!;
  const entry = { isIntersecting: true, target: live.observed[0] } as IntersectionObserverEntry;
  live.callback([entry], {} as IntersectionObserver);
}

type Props = ComponentProps<typeof LoadMore>;
let setProps: (props: Props) => void = () => {};
/** Renders LoadMore with props the test changes later, as a board re-renders it when a page arrives. */
function Harness(initial: Props) {
  const [props, set] = useState(initial);
  useEffect(() => {
    setProps = set;
  }, []);
  return <LoadMore {...props} />;
}
const rerender = (props: Props) => act(async () => setProps(props));

afterEach(() => {
  vi.unstubAllGlobals();
  observers.length = 0;
});

describe("LoadMore", () => {
  it("loads the next page when it scrolls into view, once until that page has arrived", async () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const onLoadMore = vi.fn();
    await render(<Harness shown={50} total={120} hasMore loading={false} onLoadMore={onLoadMore} />);
    expect(screen.getByText("Showing 50 of 120")).toBeTruthy();
    await act(async () => scrollIntoView());
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    // While the page loads nothing observes: scrolling further asks for nothing more.
    await rerender({ shown: 50, total: 120, hasMore: true, loading: true, onLoadMore });
    expect(observers.every((observer) => observer.disconnected)).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Loading more…" }).disabled).toBe(true);
    await rerender({ shown: 100, total: 120, hasMore: true, loading: false, onLoadMore });
    await act(async () => scrollIntoView());
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  it("keeps a Load more button for keyboards and browsers without observers, and hides at the end", async () => {
    const onLoadMore = vi.fn();
    const { container } = await render(<Harness shown={50} hasMore loading={false} onLoadMore={onLoadMore} />);
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    await rerender({ shown: 60, hasMore: false, loading: false, onLoadMore });
    expect(container.textContent).toBe("");
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });
});
