"use client";

import { useEffect } from "react";
import { loadDeskContract } from "@/lib/desk/contract-loader";
import { loadAlphaContract } from "@/lib/query/alpha-contract-loader";

/**
 * The contracts' schemas are loaded on demand (lib/desk/client.ts, lib/query/alpha.ts), out of every page's first
 * load; this loads them once the page is idle, so a user's first click does not wait for them. A failed load is
 * retried by the call that needs it. It imports the loaders alone (lib/desk/contract-loader.ts,
 * lib/query/alpha-contract-loader.ts): the clients would bring their route and price tables into every page.
 */
export function useWarmContracts(): void {
  useEffect(() => {
    const warm = () => {
      void loadDeskContract().catch(() => undefined);
      void loadAlphaContract().catch(() => undefined);
    };
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(warm, { timeout: 5_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(warm, 1_000);
    return () => window.clearTimeout(timer);
  }, []);
}
