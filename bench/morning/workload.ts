/**
 * The morning bench's users: who they are, what they open and call, and how often (bench/README.md, "The morning
 * bench", says where each figure comes from). Pure data and small pure functions, so the mix is read in one place.
 */
import { SUMMARY_MODES } from "../../lib/alpha/summary-rules";
import { companies } from "../../service/dataset/companies";

export type Role = "trader" | "pm" | "admin";

/** The kind an action is measured as (a paid GET is re-sorted by what the desk answered: cached or bought now). */
export type ActionKind = "nav-html" | "nav-rsc" | "api" | "paid-cached" | "paid-fresh" | "summary" | "reconcile";

export interface Action {
  kind: ActionKind;
  weight: number;
  path: (u: { index: number; book: number }) => string;
  body?: (u: { index: number; book: number }) => unknown;
}

/**
 * A firm's desk: 1 in 20 an account admin, 1 in 4 a portfolio manager, the rest traders (any first N users keep the
 * proportions, so every row of the table has the same mix).
 */
export function roleOf(index: number): Role {
  return index % 20 === 0 ? "admin" : index % 4 === 1 ? "pm" : "trader";
}

/**
 * Watchlist books: each user follows one of four books of five listed companies (their watchlist), the symbols of
 * their live stream, their symbol pages, searches and paid calls. From the service's own company list, in its order.
 */
export const BOOKS: string[][] = Array.from({ length: 4 }, (_, b) => companies.slice(b * 5, b * 5 + 5).map((c) => c.symbol));
export const bookOf = (index: number) => index % BOOKS.length;

/** Mean think time between one action's answer and the next action, per role (exponentially distributed). */
export const THINK_MS: Record<Role, number> = { trader: 6_000, pm: 12_000, admin: 15_000 };

export const BATCH_LINES = 2_000;

const sym = (u: { index: number; book: number }, shift = 0) => BOOKS[u.book]![(u.index + shift) % 5]!;
const page = (path: string): Pick<Action, "path"> => ({ path: () => path });
const enc = encodeURIComponent;

/** A summary request as the summaries page sends it: the book's symbols, one mode. */
const summaryBody = (u: { index: number; book: number }) => ({ symbols: BOOKS[u.book]!, mode: "exposure" });

export const ACTIONS: Record<Role, Action[]> = {
  trader: [
    // Navigations inside the desk (RSC), the feeds first: README's page table puts traders on /today, the live
    // feeds, symbol pages and the results calendar.
    { kind: "nav-rsc", weight: 10, ...page("/today") },
    { kind: "nav-rsc", weight: 12, ...page("/news") },
    { kind: "nav-rsc", weight: 10, ...page("/announcements") },
    { kind: "nav-rsc", weight: 10, ...page("/alerts") },
    { kind: "nav-rsc", weight: 4, ...page("/block-deals") },
    { kind: "nav-rsc", weight: 6, ...page("/earnings") },
    { kind: "nav-rsc", weight: 12, path: (u) => `/symbols/${enc(sym(u, 1))}` },
    // Full page loads: a new tab, a reload.
    { kind: "nav-html", weight: 4, ...page("/today") },
    { kind: "nav-html", weight: 3, path: (u) => `/symbols/${enc(sym(u, 2))}` },
    // Ctrl-K search as they type, the names beside symbols, the calendar every page's top bar reads, the gauge.
    { kind: "api", weight: 12, path: (u) => `/api/symbols/search?q=${enc(sym(u, 3).slice(0, 1 + (u.index % 3)))}` },
    { kind: "api", weight: 4, path: (u) => `/api/symbols/names?symbols=${enc(BOOKS[u.book]!.join(","))}` },
    { kind: "api", weight: 2, ...page("/api/market/calendar") },
    { kind: "api", weight: 3, ...page("/api/usage") },
    // Paid pages: the feeds' earlier items for their book (cached for the account after the first buy), and a
    // refresh that buys again.
    { kind: "paid-cached", weight: 8, path: (u) => `/api/alpha/v1/news?symbols=${enc(sym(u))}&limit=20` },
    { kind: "paid-cached", weight: 4, path: (u) => `/api/alpha/v1/announcements?symbols=${enc(sym(u, 1))}&limit=20` },
    { kind: "paid-fresh", weight: 2, path: (u) => `/api/alpha/v1/news?symbols=${enc(sym(u, 2))}&limit=20&fresh=1` },
  ],
  pm: [
    // README: watchlists, summaries and batch jobs are the portfolio managers'.
    { kind: "nav-rsc", weight: 10, ...page("/watchlists") },
    { kind: "nav-rsc", weight: 12, ...page("/summaries") },
    { kind: "nav-rsc", weight: 8, ...page("/batches") },
    { kind: "nav-rsc", weight: 6, ...page("/today") },
    { kind: "nav-rsc", weight: 6, path: (u) => `/symbols/${enc(sym(u))}` },
    { kind: "nav-rsc", weight: 4, ...page("/season") },
    { kind: "nav-html", weight: 3, ...page("/summaries") },
    { kind: "api", weight: 6, ...page("/api/watchlists") },
    { kind: "api", weight: 6, ...page("/api/summaries") },
    { kind: "api", weight: 4, ...page("/api/alpha/v1/batch/jobs?limit=20") },
    { kind: "summary", weight: 6, path: () => "/api/alpha/v1/daily-summary", body: summaryBody },
  ],
  admin: [
    // README: the usage page (the gauge, spend reconciled with the ledger), settings and the admin's pages.
    { kind: "nav-rsc", weight: 12, ...page("/usage") },
    { kind: "nav-rsc", weight: 4, ...page("/admin") },
    { kind: "nav-rsc", weight: 3, ...page("/settings") },
    { kind: "nav-rsc", weight: 3, ...page("/team") },
    { kind: "nav-rsc", weight: 4, ...page("/today") },
    { kind: "nav-html", weight: 3, ...page("/usage") },
    { kind: "api", weight: 8, ...page("/api/usage") },
    { kind: "reconcile", weight: 10, ...page("/api/usage/spend?range=24h&scope=all") },
    { kind: "api", weight: 3, ...page("/api/admin/users") },
  ],
};

/** The action a draw `r` in [0, 1) picks from a role's weights. */
export function pickAction(role: Role, r: number): Action {
  const actions = ACTIONS[role];
  const total = actions.reduce((sum, a) => sum + a.weight, 0);
  let at = r * total;
  for (const a of actions) {
    if ((at -= a.weight) < 0) return a;
  }
  return actions.at(-1)!;
}

/** A 2,000-line batch file in the service's JSONL form: every book's symbols, modes in turn. */
export function batchFile(lines: number): string {
  return Array.from({ length: lines }, (_, i) => JSON.stringify({ custom_id: `morning-${i + 1}`, mode: SUMMARY_MODES[i % SUMMARY_MODES.length], symbols: BOOKS[i % BOOKS.length]!.slice(0, 1 + (i % 5)) })).join("\n") + "\n";
}
