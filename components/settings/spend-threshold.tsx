"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { SpendThresholdContextProvider } from "@/components/paid/confirm-spend";
import * as api from "@/lib/desk/route-meta/settings";
import { deskKey, deskQuery } from "@/lib/query/desk";

/**
 * The confirmation threshold is the user's, kept by the desk (their own, or the team default an admin sets): the
 * layout prefetches it, so the paid buttons hydrate with it, and a change in one tab reaches the others at once.
 */
const CHANNEL = "alpha-desk:spend-threshold";

export function SpendThresholdProvider({ initial, children }: { initial: number; children: ReactNode }) {
  const client = useQueryClient();
  const query = useQuery(deskQuery(api.getSpendThreshold));
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => void client.invalidateQueries({ queryKey: deskKey("getSpendThreshold") });
    return () => channel.close();
  }, [client]);
  return <SpendThresholdContextProvider value={query.data?.effective ?? initial}>{children}</SpendThresholdContextProvider>;
}

/** Tells the desk's other tabs that the threshold changed (this tab's query is refreshed by the mutation). */
export function announceThresholdChange(): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(1);
  channel.close();
}
