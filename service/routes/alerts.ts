import type { Hono } from "hono";
import { alertOutputTypeForFilter } from "../../lib/alpha/alerts";
import type { ServiceContext } from "../context";
import type { AppEnv, EndpointInput } from "../endpoint";
import { defineEndpoint } from "../endpoint";
import type { StoredWire } from "../store/wire";
import { extend } from "../store/wire";
import { Filters, storedRowById, wireListPage, wirePage } from "./shared";

/** An alert is its stored JSON (wire.ts: toAlertWire), whole. */
const ALERT_SELECT = "SELECT a.id AS k, a.wire, a.type FROM alerts a";
const ALERT_PAGE = wirePage("alerts", "a", { time: "ts_ms" });

/** Alerts newest first; `type` filter values map to output types (aliases, rvol_alert → vol_alert); `important` is the curated feed. */
export function listAlerts({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listAlerts"> }) {
  const types = input.type ? [...new Set(input.type.map((t) => alertOutputTypeForFilter(t)).filter((t) => t !== null))] : undefined;
  const f = new Filters().symbols("a.symbol", input.symbols, input.scrip_codes).in("a.type", types).range("a.ts_ms", input.from, input.to);
  if (input.important) f.add("a.important = 1");
  return wireListPage(ctx, ALERT_PAGE, f, input, ALERT_SELECT);
}

/** The JSON of a stored alert for WebSocket publishers: the REST row and `alert_type` (the SDK's alias of `type`). */
export function alertStreamJsonById(ctx: ServiceContext, id: string): string | null {
  const got = storedRowById<StoredWire & { type: string }>(ctx, "alerts", ALERT_SELECT, "a.id", id);
  return got ? extend(got.parts.wire, `,"alert_type":${JSON.stringify(got.row.type)}`) : null;
}

export function registerAlertRoutes(app: Hono<AppEnv>): void {
  defineEndpoint(app, "listAlerts", listAlerts, { cache: true });
}
