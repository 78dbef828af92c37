"use client";

import { useEffect, useSyncExternalStore } from "react";
import { movePrefsFromStorage, parseThemeChoice, readPref, THEME_COOKIE, type ThemeChoice, writePref } from "@/lib/browser-prefs";
import { whenIdle } from "@/lib/when-idle";

export type Theme = ThemeChoice;

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

/** Applies a theme and keeps it in the "theme" cookie, which the root layout reads to render the next page in it. */
export function setTheme(theme: Theme) {
  document.documentElement.classList.toggle("dark", theme === "dark");
  writePref(THEME_COOKIE, theme);
}

function applyKeptTheme() {
  const kept = parseThemeChoice(readPref(THEME_COOKIE));
  const dark = kept ? kept === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
  document.documentElement.classList.toggle("dark", dark);
}

/**
 * After hydration: applies the kept theme, or the system's when there is none (the root layout's inline script does
 * that before paint, but a strict content security policy can block an inline script that carries no nonce). A few
 * seconds later, in idle time, it moves an earlier desk's choices out of localStorage, once per browser.
 */
export function useKeptTheme() {
  useEffect(() => {
    applyKeptTheme();
    let cancelIdle = () => {};
    const timer = window.setTimeout(() => {
      cancelIdle = whenIdle(
        () => {
          if (movePrefsFromStorage()) applyKeptTheme();
        },
        { fallbackMs: 0 },
      );
    }, 3000);
    return () => {
      window.clearTimeout(timer);
      cancelIdle();
    };
  }, []);
}
