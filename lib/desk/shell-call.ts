import { callRoute, type DeskCallInput } from "./call";
import { loadDeskContract } from "./contract-loader";
import type { deskRouteMeta } from "./route-meta";
import type { DeskOutput } from "./routes";

/**
 * The routes the shell's widgets (credit gauge, market status) and their pages' siblings call, as lib/desk/route-meta.ts
 * has them: the `satisfies` holds each entry to the table's at compile time (shell-call.test.ts too), and the
 * shell's first load carries these four instead of the whole table.
 */
export const SHELL_ROUTE_META = {
  getUsage: { method: "GET", path: "/api/usage", access: "user" },
  getSpend: { method: "GET", path: "/api/usage/spend", access: "user" },
  getMarketCalendar: { method: "GET", path: "/api/market/calendar", access: "user" },
  listMarketCalendarVersions: { method: "GET", path: "/api/admin/market-calendar/versions", access: "admin" },
} as const satisfies Partial<typeof deskRouteMeta>;

export type ShellRouteId = keyof typeof SHELL_ROUTE_META;

/** `deskCall` (lib/desk/client.ts) for the routes above: the same request and answer check, the same errors. */
export async function shellDeskCall<Id extends ShellRouteId>(id: Id, input: DeskCallInput = {}): Promise<DeskOutput<Id>> {
  const output = async () => (await loadDeskContract()).deskRoutes[id].output;
  return (await callRoute(id, SHELL_ROUTE_META[id], input, output)) as DeskOutput<Id>;
}
