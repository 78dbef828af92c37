/**
 * Runs `run` once the browser is idle (by `timeout` ms at the latest, when given), or after `fallbackMs` where there is
 * no idle callback (Safari). Returns what cancels it. For work a page can do after its first paint: fetching code the
 * user is likely to need, warming the contracts.
 */
export function whenIdle(run: () => void, { timeout, fallbackMs }: { timeout?: number; fallbackMs: number }): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(run, timeout === undefined ? undefined : { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, fallbackMs);
  return () => window.clearTimeout(timer);
}
