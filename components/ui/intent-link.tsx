"use client";

import Link from "next/link";
// What useRouter() reads, without its throw where no app router is mounted (a component rendered on its own in a test).
import { AppRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { type ComponentProps, useContext } from "react";

/**
 * A next/link that prefetches when the user shows intent (pointer over it, keyboard focus, a touch), not when it
 * scrolls into view. For links shown many at a time — the sidebar on every page, a symbol on every row of a feed or
 * calendar — where viewport prefetching sent one or two server renders per link on every page load (80 on
 * /earnings), competing with the page's own first load for the network, the server and the main thread.
 */
export function IntentLink({ href, onPointerEnter, onFocus, onTouchStart, ...props }: Omit<ComponentProps<typeof Link>, "prefetch" | "href"> & { href: string }) {
  const router = useContext(AppRouterContext);
  const prefetch = () => router?.prefetch(href);
  return (
    <Link
      {...props}
      href={href}
      prefetch={false}
      onPointerEnter={(e) => {
        prefetch();
        onPointerEnter?.(e);
      }}
      onFocus={(e) => {
        prefetch();
        onFocus?.(e);
      }}
      onTouchStart={(e) => {
        prefetch();
        onTouchStart?.(e);
      }}
    />
  );
}
