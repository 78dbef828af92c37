/**
 * Every page of the signed-in desk, as a11y.spec.ts and layout-stability.spec.ts visit them. One list on purpose: a
 * new page is added here once and is then checked by axe in both themes and for sideways scrolling at every width.
 */
export interface DeskPage {
  /** How the page is named in failures and screenshots. */
  name: string;
  path: string;
  /** Only an admin may open it. */
  adminOnly?: boolean;
}

export const DESK_PAGES: readonly DeskPage[] = [
  { name: "today", path: "/today" },
  { name: "season", path: "/season" },
  { name: "usage", path: "/usage" },
  { name: "earnings-month", path: "/earnings?view=month" },
  { name: "earnings-week", path: "/earnings?view=week" },
  { name: "earnings-agenda", path: "/earnings?view=agenda" },
  { name: "earnings-past-range", path: "/earnings?view=agenda&past=range" },
  { name: "alerts", path: "/alerts" },
  { name: "news", path: "/news" },
  { name: "announcements", path: "/announcements" },
  { name: "block-deals", path: "/block-deals" },
  { name: "concalls", path: "/concalls" },
  { name: "symbol", path: "/symbols/TCS" },
  { name: "watchlists", path: "/watchlists" },
  { name: "summaries", path: "/summaries" },
  { name: "summaries-typed", path: "/summaries?source=symbols" },
  { name: "batches", path: "/batches" },
  { name: "batches-upload", path: "/batches?tab=upload" },
  { name: "settings", path: "/settings" },
  { name: "admin", path: "/admin", adminOnly: true },
  { name: "change-password", path: "/change-password" },
  { name: "not-found", path: "/no-such-page" },
];

/**
 * Pages kept as light and dark screenshots at 1440, 1024 and 390 px by e2e/layout.spec.ts besides the four it
 * prepares itself (usage, earnings, alerts with live cards, a watchlist open): each is shot once loaded.
 */
export const SCREENSHOT_PAGES: readonly DeskPage[] = [{ name: "today", path: "/today" }];
