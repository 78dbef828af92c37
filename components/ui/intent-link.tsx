"use client";

import Link from "next/link";
// What useRouter() reads, without its throw where no app router is mounted (a component rendered on its own in a test).
import { AppRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { type ComponentProps, useContext } from "react";

/**
 * A next/link that prefetches on intent (pointer, focus, touch), not when scrolled into view: for links shown many at a
 * time, viewport prefetching sent dozens of server renders competing with the page's own first load.
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
