/**
 * The browser side of lib/url-state without React: what the last update wrote until Next's router shows it, and the
 * queue that writes one tick's updates to the history as one entry. lib/url-state/index.ts binds it to the hooks;
 * lib/url-state/store.test.ts drives it with a fake location and history.
 */
import { type HistoryMode, renderQueryString, type UrlOptions } from "./parsers";

/**
 * The URL as written by the last update, held until Next's router shows something other than what it showed when the
 * update was made (`basis`): normally the update itself, a render after the write; else a navigation (back, a link).
 */
export interface Pending {
  path: string;
  search: URLSearchParams;
  basis: string;
  /**
   * The searches of the earlier updates of the same run (made before the router showed the one before): the router
   * passing through one of them is catching up, not moving elsewhere.
   */
  earlier: ReadonlySet<string>;
}

let pending: Pending | null = null;
/** The router's search as last committed (every hook's effect keeps it), the basis of the next update. */
let routerSearchNow = "";
const listeners = new Set<() => void>();

function notify() {
  for (const l of listeners) l();
}

function clearPending(which: Pending) {
  if (pending !== which) return;
  pending = null;
  notify();
}

function onPopState() {
  if (pending) clearPending(pending);
}

export function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener("popstate", onPopState);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("popstate", onPopState);
  };
}

export const getPending = () => pending;
export const getServerPending = () => null;

// ── the write queue: one tick's updates, one history entry, at most one write per THROTTLE_MS ──

const THROTTLE_MS = 50;
/** What a non-shallow update asks of Next's router (its useRouter()). */
export interface Router {
  push(href: string, options: { scroll: boolean }): void;
  replace(href: string, options: { scroll: boolean }): void;
}
interface Queued {
  /** The last update's whole URL: what the tick writes. */
  search: URLSearchParams;
  history: HistoryMode;
  shallow: boolean;
  scroll: boolean;
  router: Router | null;
  done: ((search: URLSearchParams) => void)[];
}
let queued: Queued | null = null;
let lastFlush = 0;

function flush() {
  const q = queued;
  queued = null;
  if (!q) return;
  // The queued search, not the pending one: the router may have caught up with an earlier write (and the pending URL
  // been dropped) while this one waited for the throttle.
  const search = q.search;
  const url = location.pathname + renderQueryString(search) + location.hash;
  lastFlush = Date.now();
  if (q.history === "push") history.pushState(null, "", url);
  else history.replaceState(null, "", url);
  if (q.scroll) window.scrollTo(0, 0);
  if (!q.shallow && q.router) {
    if (q.history === "push") q.router.push(url, { scroll: false });
    else q.router.replace(url, { scroll: false });
  }
  for (const resolve of q.done) resolve(new URLSearchParams(search));
}

function enqueue(search: URLSearchParams, options: Required<UrlOptions>, router: Router): Promise<URLSearchParams> {
  return new Promise((resolve) => {
    if (queued) queued.search = search;
    else {
      queued = { search, history: "replace", shallow: true, scroll: false, router: null, done: [] };
      const wait = lastFlush + THROTTLE_MS - Date.now();
      if (wait > 0) setTimeout(flush, wait);
      else queueMicrotask(flush);
    }
    if (options.history === "push") queued.history = "push";
    if (!options.shallow) {
      queued.shallow = false;
      queued.router = router;
    }
    if (options.scroll) queued.scroll = true;
    queued.done.push(resolve);
  });
}

/** Where the next update starts from: the last update's URL while the router catches up, else the location's. */
export function baseSearch(): URLSearchParams {
  return pending && pending.path === location.pathname ? pending.search : new URLSearchParams(location.search);
}

/** Every hook's effect reports the router's committed search: the basis an update is held against. */
export function noteRouterSearch(key: string) {
  routerSearchNow = key;
}

/**
 * Drops `which` once the router shows another page, the update itself, or a search outside the run of updates (a
 * link). An earlier update of the run is the router catching up: the latest stays (two quick arrow keys keep both).
 */
export function settle(which: Pending | null, path: string, routerKey: string) {
  if (!which) return;
  const movedOn = routerKey !== which.basis && !which.earlier.has(routerKey);
  if (which.path !== path || routerKey === which.search.toString() || movedOn) clearPending(which);
}

/**
 * An update's whole URL: shown at once by every hook on the page (listeners are told synchronously), written to the
 * history with the tick's other updates (push if any asked for it; after THROTTLE_MS since the last write).
 */
export function writeUpdate(search: URLSearchParams, options: Required<UrlOptions>, router: Router): Promise<URLSearchParams> {
  const run = pending && pending.path === location.pathname ? pending : null;
  const basis = run ? run.basis : routerSearchNow;
  const earlier = new Set(run ? [...run.earlier, run.search.toString()] : []);
  pending = { path: location.pathname, search, basis, earlier };
  notify();
  return enqueue(search, options, router);
}
