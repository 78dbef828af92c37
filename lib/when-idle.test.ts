import { afterEach, describe, expect, it, vi } from "vitest";
import { whenIdle } from "./when-idle";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("whenIdle", () => {
  it("asks for an idle callback with its timeout, and cancels it", () => {
    const requestIdleCallback = vi.fn((_run: () => void, _options?: { timeout: number }) => 7);
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal("window", { requestIdleCallback, cancelIdleCallback });
    const run = vi.fn();
    const cancel = whenIdle(run, { timeout: 5_000, fallbackMs: 200 });
    expect(requestIdleCallback).toHaveBeenCalledWith(run, { timeout: 5_000 });
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it("falls back to a timer without idle callbacks, which cancel stops", () => {
    vi.useFakeTimers();
    vi.stubGlobal("window", { setTimeout, clearTimeout });
    const run = vi.fn();
    whenIdle(run, { fallbackMs: 300 });
    vi.advanceTimersByTime(299);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledOnce();
    const other = vi.fn();
    whenIdle(other, { fallbackMs: 300 })();
    vi.advanceTimersByTime(300);
    expect(other).not.toHaveBeenCalled();
  });
});
