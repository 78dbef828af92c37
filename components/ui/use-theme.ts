"use client";

import { useEffect, useSyncExternalStore } from "react";

export type Theme = "light" | "dark";

/** localStorage key the root layout's inline script reads before first paint. */
export const THEME_STORAGE_KEY = "theme";

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

function readTheme(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

/** The theme in force, following the `dark` class on <html> (the source of truth the CSS reads). */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, readTheme, () => "light");
}

export function setTheme(theme: Theme) {
  document.documentElement.classList.toggle("dark", theme === "dark");
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
}

/**
 * Re-applies the stored theme after hydration: the root layout's inline script does it before paint, but a strict
 * content security policy can block an inline script that carries no nonce.
 */
export function useStoredTheme() {
  useEffect(() => {
    try {
      const stored = localStorage.getItem(THEME_STORAGE_KEY);
      if (stored === "dark" || stored === "light") document.documentElement.classList.toggle("dark", stored === "dark");
    } catch {
      // Storage disabled: keep what the page has.
    }
  }, []);
}
