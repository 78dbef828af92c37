"use client";

import { createContext, type ReactNode, useCallback, useContext, useSyncExternalStore } from "react";
import { SpendThresholdContextProvider } from "@/components/paid/confirm-spend";
import { parseThreshold, readPref, spendThresholdCookie, subscribePrefs, writePref } from "@/lib/browser-prefs";

/**
 * The confirmation threshold is kept in this browser, per desk user, in a cookie (lib/browser-prefs.ts): the desk
 * layout reads it on the server, so the paid buttons hydrate with it, and a change in one tab reaches the others.
 * The desk's user record has no column for it yet.
 */
const SetThresholdContext = createContext<(value: number) => void>(() => {});

export function SpendThresholdProvider({ userId, initial, children }: { userId: string; initial: number; children: ReactNode }) {
  const cookie = spendThresholdCookie(userId);
  const threshold = useSyncExternalStore(
    subscribePrefs,
    () => parseThreshold(readPref(cookie)),
    () => initial,
  );
  const setThreshold = useCallback((value: number) => writePref(cookie, String(Math.max(0, Math.floor(value)))), [cookie]);
  return (
    <SetThresholdContext.Provider value={setThreshold}>
      <SpendThresholdContextProvider value={threshold}>{children}</SpendThresholdContextProvider>
    </SetThresholdContext.Provider>
  );
}

export function useSetSpendThreshold(): (value: number) => void {
  return useContext(SetThresholdContext);
}
