import { deskCaller } from "./desk-caller";
import type { deskRouteMeta } from "./route-meta";

/**
 * The routes the shell's widgets (credit gauge, market status) and their pages' siblings call, as lib/desk/route-meta.ts
 * has them, bound by `deskCaller` (lib/desk/desk-caller.ts): the `satisfies` holds each entry to the table's at compile
 * time (desk-caller.test.ts too), and the shell's first load carries these four instead of the whole table.
 */
export const SHELL_ROUTES = /* @__PURE__ */ deskCaller({
  getUsage: { method: "GET", path: "/api/usage", access: "user" },
  getSpend: { method: "GET", path: "/api/usage/spend", access: "user" },
  getMarketCalendar: { method: "GET", path: "/api/market/calendar", access: "user" },
  listMarketCalendarVersions: { method: "GET", path: "/api/admin/market-calendar/versions", access: "admin" },
} as const satisfies Partial<typeof deskRouteMeta>);
