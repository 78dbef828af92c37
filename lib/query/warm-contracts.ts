"use client";

import { useEffect } from "react";
import { loadDeskContract } from "@/lib/desk/contract-loader";
import { loadAlphaContract } from "@/lib/query/alpha-contract-loader";
import { whenIdle } from "@/lib/when-idle";

type IdleWait = (timeout: number) => { done: Promise<void>; cancel: () => void };

/** Waits for the browser to be idle (at most `timeout` ms), or a short timer where there is no idle callback. */
const idleWait: IdleWait = (timeout) => {
  let cancel = () => {};
  const done = new Promise<void>((resolve) => {
    cancel = whenIdle(resolve, { timeout, fallbackMs: 50 });
  });
  return { done, cancel };
};

/**
 * The events that say a person is using the page; a page load sends none by itself (Lighthouse, a background tab), so a
 * page that calls nothing evaluates no schema. Each comes before a click that could need a contract.
 */
export const FIRST_INTERACTION_EVENTS = ["pointerdown", "pointermove", "keydown", "focusin", "touchstart"] as const;

/** Runs `run` once, on the first of FIRST_INTERACTION_EVENTS on `target`. Returns what cancels it (listeners removed). */
export function onFirstInteraction(target: EventTarget, run: () => void): () => void {
  const options = { capture: true, passive: true } as const;
  const remove = () => {
    for (const type of FIRST_INTERACTION_EVENTS) target.removeEventListener(type, handle, options);
  };
  function handle() {
    remove();
    run();
  }
  for (const type of FIRST_INTERACTION_EVENTS) target.addEventListener(type, handle, options);
  return remove;
}

/**
 * Runs `steps` one after another, each once the browser is idle again after the one before (so each is a task of its
 * own, and the first is not run inside the event that started it), until one fails or `stop` is called. A failed step
 * ends the warm-up: the call that needs it tries again.
 */
export function warmInSteps(steps: readonly (() => Promise<unknown>)[], idle: IdleWait = idleWait) {
  let stopped = false;
  let cancelWait = () => {};
  void (async () => {
    for (const step of steps) {
      // Short: the user is already on the page, and their first paid click should find the schemas loaded.
      const wait = idle(500);
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
 * Starts `warmInSteps(steps)` on the first interaction with `target` (once); before it, nothing is loaded or run.
 * Returns what stops it, whether it has started or not.
 */
export function warmOnFirstInteraction(target: EventTarget, steps: readonly (() => Promise<unknown>)[], idle: IdleWait = idleWait): () => void {
  let stopWarm: (() => void) | null = null;
  const cancelListen = onFirstInteraction(target, () => {
    stopWarm = warmInSteps(steps, idle);
  });
  return () => {
    cancelListen();
    stopWarm?.();
  };
}

/** The three steps of the warm-up: zod's own modules, the desk's schemas, the Alpha contract's. */
export const CONTRACT_WARM_STEPS: readonly (() => Promise<unknown>)[] = [() => import("zod"), loadDeskContract, loadAlphaContract];

/**
 * Loads the contracts' schemas on the user's first interaction, in three idle steps (zod, the desk's, the Alpha
 * contract's), so a first click does not wait and a load that calls nothing evaluates no zod. Imports the loaders only.
 */
export function useWarmContracts(): void {
  useEffect(() => startContractWarmUp(document), []);
}

/** The warm-up useWarmContracts starts on the page's document: CONTRACT_WARM_STEPS on the first interaction. */
export function startContractWarmUp(target: EventTarget, idle: IdleWait = idleWait): () => void {
  return warmOnFirstInteraction(target, CONTRACT_WARM_STEPS, idle);
}
