"use client";

import { ArrowUpIcon } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** "3 new alerts ↑": stays in view at the top while the reader is further down (or the feed is paused). */
export function NewItemsPill({ count, noun, paused, onShow }: { count: number; noun: [singular: string, plural: string]; paused: boolean; onShow: () => void }) {
  // The holder stays in the layout even when empty, so the pill appearing never shifts the feed.
  return (
    <div className="pointer-events-none sticky top-16 z-30 -mb-3 flex h-0 justify-center">
      {count > 0 && (
        <Button
          type="button"
          size="sm"
          className="pointer-events-auto mt-2 rounded-full shadow-lg"
          onClick={onShow}
          data-testid="new-items-pill"
          data-count={count}
        >
          <ArrowUpIcon aria-hidden />
          {count} new {count === 1 ? noun[0] : noun[1]}
          {paused ? " · paused" : ""}
        </Button>
      )}
    </div>
  );
}

/** A feed item that eases in when it has just arrived (nothing moves for readers who prefer less motion). */
export function ArrivingItem({ fresh, children, className, ...props }: React.ComponentProps<"li"> & { fresh: boolean }) {
  const ref = React.useRef<HTMLLIElement>(null);
  React.useEffect(() => {
    const el = ref.current;
    if (!fresh || !el || typeof el.animate !== "function") return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    el.animate(
      [
        { opacity: 0, transform: "translateY(-8px)" },
        { opacity: 1, transform: "none" },
      ],
      { duration: 280, easing: "cubic-bezier(0.2, 0, 0, 1)" },
    );
  }, [fresh]);
  return (
    <li ref={ref} data-fresh={fresh || undefined} className={cn("list-none", className)} {...props}>
      {children}
    </li>
  );
}
