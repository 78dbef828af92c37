"use client";

import { lazy, Suspense, useState } from "react";
import { ThemeToggleButton } from "./theme-toggle-button";

const ThemeToggleWithTooltip = lazy(() => import("./theme-toggle-tooltip"));

/**
 * The light/dark switch of the signed-out pages: the same button, its tooltip (Radix Tooltip and its popper, the
 * largest part of those pages' own code) loaded on the first hover or focus and shown then; focus stays on the button.
 */
export function ThemeToggleLight() {
  const [asked, setAsked] = useState<"pointer" | "focus" | null>(null);
  const button = <ThemeToggleButton onPointerEnter={() => setAsked("pointer")} onFocus={() => setAsked("focus")} />;
  if (!asked) return button;
  return (
    <Suspense fallback={button}>
      <ThemeToggleWithTooltip defaultOpen autoFocus={asked === "focus"} />
    </Suspense>
  );
}
