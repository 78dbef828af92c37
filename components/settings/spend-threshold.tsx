"use client";

import { createContext, type ReactNode, useCallback, useContext, useSyncExternalStore } from "react";
import { DEFAULT_SPEND_CONFIRM_THRESHOLD, SpendThresholdContextProvider } from "@/components/paid/confirm-spend";

/**
 * The confirmation threshold lives in this browser's localStorage, per desk user: the desk's user record has no
 * column for it yet. A change in one tab reaches the others through the storage event.
 */
const EVENT = "alpha-desk:spend-threshold";

function storageKey(userId: string) {
  return `alpha-desk:spend-threshold:${userId}`;
}

export function parseThreshold(value: string | null | undefined): number {
  if (value === null || value === undefined || value.trim() === "") return DEFAULT_SPEND_CONFIRM_THRESHOLD;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : DEFAULT_SPEND_CONFIRM_THRESHOLD;
}

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(EVENT, onChange);
  };
}

function read(userId: string): number {
  try {
    return parseThreshold(localStorage.getItem(storageKey(userId)));
  } catch {
    return DEFAULT_SPEND_CONFIRM_THRESHOLD;
  }
}

const SetThresholdContext = createContext<(value: number) => void>(() => {});

export function SpendThresholdProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const threshold = useSyncExternalStore(
    subscribe,
    () => read(userId),
    () => DEFAULT_SPEND_CONFIRM_THRESHOLD,
  );
  const setThreshold = useCallback(
    (value: number) => {
      try {
        localStorage.setItem(storageKey(userId), String(Math.max(0, Math.floor(value))));
      } catch {
        // Storage disabled: the default stays in force.
      }
      window.dispatchEvent(new Event(EVENT));
    },
    [userId],
  );
  return (
    <SetThresholdContext.Provider value={setThreshold}>
      <SpendThresholdContextProvider value={threshold}>{children}</SpendThresholdContextProvider>
    </SetThresholdContext.Provider>
  );
}

export function useSetSpendThreshold(): (value: number) => void {
  return useContext(SetThresholdContext);
}
