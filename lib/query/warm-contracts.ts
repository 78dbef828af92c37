"use client";

import { useEffect } from "react";
import { loadDeskContract } from "@/lib/desk/contract-loader";
import { loadAlphaContract } from "@/lib/query/alpha-contract-loader";
import { whenIdle } from "@/lib/when-idle";

/** Waits for the browser to be idle (at most `timeout` ms), or a short timer where there is no idle callback. */
function idleWait(timeout: number): { done: Promise<void>; cancel: () => void } {
  let cancel = () => {};
  const done = new Promise<void>((resolve) => {
    cancel = whenIdle(resolve, { timeout, fallbackMs: 200 });
  });
  return { done, cancel };
}

/**
 * Runs `steps` one after another, each once the browser is idle again after the one before (so each is a task of its
 * own), until one fails or `stop` is called. A failed step ends the warm-up: the call that needs it tries again.
 */
export function warmInSteps(steps: readonly (() => Promise<unknown>)[], idle: (timeout: number) => { done: Promise<void>; cancel: () => void } = idleWait) {
  let stopped = false;
  let cancelWait = () => {};
  void (async () => {
    for (const [i, step] of steps.entries()) {
      const wait = idle(i === 0 ? 5_000 : 2_000);
      cancelWait = wait.cancel;
      await wait.done;
      if (stopped) return;
      try {
        await step();
      } catch {
        return;
      }
    }
  })();
  return () => {
    stopped = true;
    cancelWait();
  };
}

/**
 * The contracts' schemas are loaded on demand (lib/desk/client.ts, lib/query/alpha.ts), out of every page's first
 * load; this loads them once the page is idle, so a user's first click does not wait for them. It goes in three
 * steps, each in its own idle time: zod's own modules, the desk's schemas, the Alpha contract's. Evaluated at once
 * they were one long task (130–210 ms at Lighthouse's 4× CPU, bench/README.md), the largest of a page's blocking
 * time after hydration; a call that needs a contract before then loads it at once. It imports the loaders alone
 * (lib/desk/contract-loader.ts, lib/query/alpha-contract-loader.ts): the clients would bring their route and price
 * tables into every page.
 */
export function useWarmContracts(): void {
  useEffect(() => warmInSteps([() => import("zod"), loadDeskContract, loadAlphaContract]), []);
}
