import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type * as StoreModule from "./store";

type Store = typeof StoreModule;

/** A location, history and window for the store, recording every history write. */
function fakeBrowser(path = "/alerts", search = "") {
  const writes: { method: "push" | "replace"; url: string }[] = [];
  const popListeners = new Set<() => void>();
  const location = { pathname: path, search, hash: "" };
  const write = (method: "push" | "replace") => (_state: unknown, _unused: string, url: string) => {
    writes.push({ method, url });
    const u = new URL(url, "http://desk.test");
    location.pathname = u.pathname;
    location.search = u.search;
  };
  vi.stubGlobal("location", location);
  vi.stubGlobal("history", { pushState: write("push"), replaceState: write("replace") });
  vi.stubGlobal("window", {
    scrollTo: vi.fn(),
    addEventListener: (type: string, fn: () => void) => type === "popstate" && popListeners.add(fn),
    removeEventListener: (type: string, fn: () => void) => type === "popstate" && popListeners.delete(fn),
  });
  return { writes, location, popstate: () => popListeners.forEach((fn) => fn()) };
}

const SHALLOW_REPLACE = { history: "replace", shallow: true, scroll: false } as const;
const router = () => ({ push: vi.fn(), replace: vi.fn() });

let store: Store;
beforeEach(async () => {
  vi.resetModules();
  store = await import("./store");
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("an update", () => {
  it("is seen at once by every subscriber, and one tick's updates are one history entry", async () => {
    const browser = fakeBrowser("/alerts", "?keep=1");
    const seen: (string | undefined)[] = [];
    store.subscribe(() => seen.push(store.getPending()?.search.toString()));
    const first = new URLSearchParams(store.baseSearch());
    first.set("type", "price_move,volume");
    const a = store.writeUpdate(first, SHALLOW_REPLACE, router());
    // The second update of the tick starts from the first, not from the location (not written yet).
    expect(browser.writes).toEqual([]);
    const second = new URLSearchParams(store.baseSearch());
    second.set("symbols", "M&M");
    const b = store.writeUpdate(second, SHALLOW_REPLACE, router());
    expect(seen).toEqual(["keep=1&type=price_move%2Cvolume", "keep=1&type=price_move%2Cvolume&symbols=M%26M"]);
    const [ra, rb] = await Promise.all([a, b]);
    expect(browser.writes).toEqual([{ method: "replace", url: "/alerts?keep=1&type=price_move,volume&symbols=M%26M" }]);
    expect(ra.toString()).toBe(rb.toString());
  });

  it("pushes when any update of the tick asks to, and asks the router only when not shallow", async () => {
    const browser = fakeBrowser("/earnings");
    const r = router();
    void store.writeUpdate(new URLSearchParams("view=week"), SHALLOW_REPLACE, r);
    await store.writeUpdate(new URLSearchParams("view=week&date=2026-11-23"), { history: "push", shallow: true, scroll: false }, r);
    expect(browser.writes).toEqual([{ method: "push", url: "/earnings?view=week&date=2026-11-23" }]);
    expect(r.push).not.toHaveBeenCalled();
    expect(r.replace).not.toHaveBeenCalled();
    await store.writeUpdate(new URLSearchParams("view=agenda"), { history: "replace", shallow: false, scroll: true }, r);
    expect(r.replace).toHaveBeenCalledWith("/earnings?view=agenda", { scroll: false });
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it("waits the throttle after a write before writing again", async () => {
    vi.useFakeTimers();
    const browser = fakeBrowser("/news");
    await store.writeUpdate(new URLSearchParams("sentiment=positive"), SHALLOW_REPLACE, router());
    expect(browser.writes).toHaveLength(1);
    const later = store.writeUpdate(new URLSearchParams("sentiment=negative"), SHALLOW_REPLACE, router());
    await vi.advanceTimersByTimeAsync(49);
    expect(browser.writes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await later;
    expect(browser.writes.at(-1)).toEqual({ method: "replace", url: "/news?sentiment=negative" });
  });
});

describe("the update's URL until the router shows it", () => {
  it("is held while the router still shows the search it was written over, and dropped when the router moves", async () => {
    fakeBrowser("/alerts", "?a=1");
    store.noteRouterSearch("a=1");
    await store.writeUpdate(new URLSearchParams("a=2"), SHALLOW_REPLACE, router());
    const held = store.getPending();
    expect(held?.basis).toBe("a=1");
    store.settle(held, "/alerts", "a=1");
    expect(store.getPending()).toBe(held);
    // The router caught up (or a link went elsewhere): the router's search is shown from now on.
    store.settle(held, "/alerts", "a=2");
    expect(store.getPending()).toBeNull();
  });

  it("is dropped on another page and on back/forward", async () => {
    const browser = fakeBrowser("/alerts");
    store.subscribe(() => {});
    await store.writeUpdate(new URLSearchParams("a=2"), SHALLOW_REPLACE, router());
    store.settle(store.getPending(), "/news", "");
    expect(store.getPending()).toBeNull();
    await store.writeUpdate(new URLSearchParams("a=3"), SHALLOW_REPLACE, router());
    expect(store.getPending()).not.toBeNull();
    browser.popstate();
    expect(store.getPending()).toBeNull();
  });

  it("is kept while the router catches up with an earlier update of the same run, so a quick second update is not lost", async () => {
    vi.useFakeTimers();
    const browser = fakeBrowser("/earnings", "?view=week");
    store.subscribe(() => {});
    store.noteRouterSearch("view=week");
    await store.writeUpdate(new URLSearchParams("view=agenda"), { history: "push", shallow: true, scroll: false }, router());
    expect(browser.writes.at(-1)?.url).toBe("/earnings?view=agenda");
    // The second arrow key comes within the throttle, before the router has shown the first.
    const second = store.writeUpdate(new URLSearchParams("view=month"), { history: "push", shallow: true, scroll: false }, router());
    const held = store.getPending();
    expect(held?.search.toString()).toBe("view=month");
    // The router now shows the first update: catching up, not a move elsewhere.
    store.settle(held, "/earnings", "view=agenda");
    expect(store.getPending()).toBe(held);
    await vi.advanceTimersByTimeAsync(50);
    await second;
    expect(browser.writes.at(-1)?.url).toBe("/earnings?view=month");
    store.settle(held, "/earnings", "view=month");
    expect(store.getPending()).toBeNull();
  });

  it("is dropped when the router moves to a search of nobody's update (a link)", async () => {
    fakeBrowser("/alerts", "?a=1");
    store.noteRouterSearch("a=1");
    void store.writeUpdate(new URLSearchParams("a=2"), SHALLOW_REPLACE, router());
    await store.writeUpdate(new URLSearchParams("a=3"), SHALLOW_REPLACE, router());
    const held = store.getPending();
    store.settle(held, "/alerts", "a=2");
    expect(store.getPending()).toBe(held);
    store.settle(held, "/alerts", "b=9");
    expect(store.getPending()).toBeNull();
  });
});
