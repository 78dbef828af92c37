"use client";

import { SearchIcon } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import type { NavGroup } from "./nav-items";

// The palette (cmdk and the dialog) is fetched on the first opening, or when a pointer or focus comes to the button.
const loadPalette = () => import("./command-palette");
const CommandPalette = React.lazy(() => loadPalette().then((m) => ({ default: m.CommandPalette })));
const preload = () => void loadPalette().catch(() => undefined);

/** Where typing "/" means a slash, not the search box. */
function typingInField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * The top bar's search button (on a phone its icon alone, the one touch way in); Ctrl-K (⌘K) or "/" opens the same
 * search from anywhere on the desk.
 */
export function CommandPaletteButton({ groups }: { groups: NavGroup[] }) {
  const [open, setOpen] = React.useState(false);
  const [opened, setOpened] = React.useState(false);
  const show = React.useCallback(() => {
    setOpened(true);
    setOpen(true);
  }, []);
  React.useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.key === "k" || e.key === "K") && (e.ctrlKey || e.metaKey) && !e.altKey) {
        e.preventDefault();
        show();
      } else if (e.key === "/" && !e.ctrlKey && !e.metaKey && !e.altKey && !typingInField(e.target)) {
        e.preventDefault();
        show();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [show]);
  return (
    <>
      <Button variant="outline" size="sm" className="inline-flex size-8 shrink-0 justify-center gap-2 px-0 text-muted-foreground sm:w-44 sm:justify-start sm:px-2 lg:w-32 xl:w-44" onClick={show} onPointerEnter={preload} onFocus={preload} aria-keyshortcuts="Control+K /" data-testid="command-open">
        <SearchIcon aria-hidden />
        <span className="sr-only sm:not-sr-only">Search</span>
        <kbd aria-hidden className="ml-auto hidden rounded border bg-muted px-1 font-mono text-[0.65rem] xl:inline">Ctrl K</kbd>
      </Button>
      {opened && (
        <React.Suspense fallback={null}>
          <CommandPalette open={open} onOpenChange={setOpen} groups={groups} />
        </React.Suspense>
      )}
    </>
  );
}
