"use client";

import { type ComponentType, useEffect, useRef, useState } from "react";
import { whenIdle } from "@/lib/when-idle";
import { ThemeToggleButton } from "./theme-toggle-button";

type TippedToggle = ComponentType<{ autoFocus?: boolean }>;

/**
 * The signed-out pages' theme switch: its tooltip (the largest part of those pages' own code) loads once the browser
 * is idle, never on hover or press (a swap between pointer down and up would lose the click).
 */
export function ThemeToggleLight() {
  const [Tipped, setTipped] = useState<{ Toggle: TippedToggle; focused: boolean } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    let cancelled = false;
    const load = () =>
      void import("./theme-toggle-tooltip")
        .then((m) => {
          if (!cancelled) setTipped({ Toggle: m.default, focused: document.activeElement === button.current });
        })
        .catch(() => undefined);
    const cancel = whenIdle(load, { fallbackMs: 200 });
    return () => {
      cancelled = true;
      cancel();
    };
  }, []);
  if (Tipped) return <Tipped.Toggle autoFocus={Tipped.focused} />;
  return <ThemeToggleButton ref={button} />;
}
