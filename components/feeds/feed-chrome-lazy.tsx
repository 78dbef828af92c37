"use client";

import { type ComponentProps, lazy, Suspense } from "react";
import { importOnce } from "@/lib/import-once";

/**
 * The feed's notices and footer as their own chunk: neither shows at a feed's first paint, so their code loads once
 * the page is idle (`usePrefetchWhenIdle`) or when one is first needed.
 */
export const loadFeedChrome = importOnce(() => import("./feed-chrome"));

const Notices = lazy(() => loadFeedChrome().then((m) => ({ default: m.FeedNotices })));
const Footer = lazy(() => loadFeedChrome().then((m) => ({ default: m.FeedFooter })));

/** See `FeedNotices` in `./feed-chrome`: nothing to say unless the stream is on standby or follows over 20 symbols. */
export function FeedNotices(props: ComponentProps<typeof Notices>) {
  if (props.status?.state !== "standby" && props.symbols <= 20) return null;
  return (
    <Suspense fallback={null}>
      <Notices {...props} />
    </Suspense>
  );
}

/** See `FeedFooter` in `./feed-chrome`: nothing to show until a page is loaded or rows bought before match. */
export function FeedFooter(props: ComponentProps<typeof Footer>) {
  if (props.pages.loaded === 0 && props.pages.held === 0) return null;
  return (
    <Suspense fallback={null}>
      <Footer {...props} />
    </Suspense>
  );
}
