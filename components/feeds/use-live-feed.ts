"use client";

import * as React from "react";

/** The sticky top bar's height: the feed's top counts as "in view" below it. */
const TOP_BAR_PX = 64;

/**
 * Whether the top of a list is in view (or still below the fold): then a new item can go in at the top without
 * moving what the reader is reading. Follows the window's scroll; `onReachTop` runs when the reader comes back up.
 */
export function useTopInView(ref: React.RefObject<HTMLElement | null>, onReachTop?: () => void): boolean {
  const [atTop, setAtTop] = React.useState(true);
  const reach = React.useRef(onReachTop);
  React.useEffect(() => {
    reach.current = onReachTop;
  });
  React.useEffect(() => {
    let frame = 0;
    let last = true;
    const check = () => {
      frame = 0;
      const el = ref.current;
      if (!el) return;
      const now = el.getBoundingClientRect().top >= TOP_BAR_PX - 4;
      if (now !== last) {
        last = now;
        setAtTop(now);
        if (now) reach.current?.();
      }
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
    };
  }, [ref]);
  return atTop;
}

export interface LiveFeed<T> {
  /** Live items on screen, newest first. */
  shown: T[];
  /** Live items held back (paused, or the reader is further down), newest first. */
  waiting: T[];
  /** Ids that went in just now (for the arrival animation). */
  fresh: ReadonlySet<string>;
  add: (item: T) => void;
  /** Puts the waiting items on screen and, when asked, scrolls to the top of the feed. */
  flush: (options?: { scroll?: boolean }) => void;
  /** Put on the element just above the feed's first item. */
  topRef: React.RefObject<HTMLDivElement | null>;
}

interface FeedState<T> {
  key: string;
  /** Every live arrival, newest first; the first `hidden` are held back. */
  items: T[];
  hidden: number;
  fresh: Set<string>;
}

/**
 * The live part of a feed: arrivals go in at the top when the reader is there, and wait (counted, for a "N new ↑"
 * pill) when the feed is paused or the reader has scrolled down; coming back to the top lets them in.
 * `resetKey` (the filters) starts it afresh.
 */
export function useLiveFeed<T extends { id: string }>({ paused, resetKey, max = 500 }: { paused: boolean; resetKey: string; max?: number }): LiveFeed<T> {
  const topRef = React.useRef<HTMLDivElement | null>(null);
  const [state, setState] = React.useState<FeedState<T>>({ key: resetKey, items: [], hidden: 0, fresh: new Set() });
  const holdRef = React.useRef(paused);
  const pausedRef = React.useRef(paused);
  const keyRef = React.useRef(resetKey);

  const flush = React.useCallback((options: { scroll?: boolean } = {}) => {
    setState((prev) => (prev.hidden === 0 ? prev : { ...prev, hidden: 0, fresh: new Set(prev.items.slice(0, prev.hidden).map((x) => x.id)) }));
    if (options.scroll && topRef.current) {
      const top = topRef.current.getBoundingClientRect().top + window.scrollY - TOP_BAR_PX - 8;
      window.scrollTo({ top: Math.max(0, top), behavior: "smooth" });
    }
  }, []);

  const atTop = useTopInView(topRef, () => {
    if (!pausedRef.current) flush();
  });
  React.useEffect(() => {
    holdRef.current = paused || !atTop;
    pausedRef.current = paused;
    keyRef.current = resetKey;
  });

  const add = React.useCallback(
    (item: T) => {
      setState((prev) => {
        const base: FeedState<T> = prev.key === keyRef.current ? prev : { key: keyRef.current, items: [], hidden: 0, fresh: new Set() };
        if (base.items.some((x) => x.id === item.id)) return base;
        const items = [item, ...base.items].slice(0, max);
        if (holdRef.current) return { ...base, items, hidden: Math.min(items.length, base.hidden + 1) };
        return { ...base, items, fresh: new Set([item.id]) };
      });
    },
    [max],
  );

  const current = state.key === resetKey ? state : { key: resetKey, items: [], hidden: 0, fresh: new Set<string>() };
  return { shown: current.items.slice(current.hidden), waiting: current.items.slice(0, current.hidden), fresh: current.fresh, add, flush, topRef };
}
