import type { Hono } from "hono";
import type { Alert, AlertPrice } from "../../lib/alpha/alerts";
import { alertOutputTypeForFilter } from "../../lib/alpha/alerts";
import type { ServiceContext } from "../context";
import type { AppEnv, EndpointInput } from "../endpoint";
import { defineEndpoint } from "../endpoint";
import { prepared } from "../store/prepared";
import { fetchPage, Filters, parseJson } from "./shared";

interface AlertDbRow {
  id: string;
  symbol: string;
  type: string;
  reason: string;
  timestamp: string;
  price: string | null;
  primary_drivers: string;
}

const ALERT_SELECT = "SELECT a.id, a.symbol, a.type, a.reason, a.timestamp, a.price, a.primary_drivers FROM alerts a";

export function toAlertWire(r: AlertDbRow): Alert {
  const out: Alert = {
    id: r.id,
    symbol: r.symbol,
    type: r.type,
    reason: r.reason,
    timestamp: r.timestamp,
    meta: { primary_drivers: JSON.parse(r.primary_drivers) as string[] },
  };
  const price = parseJson<AlertPrice>(r.price);
  if (price) out.price = price;
  return out;
}

/** Alerts newest first; `type` filter values map to output types (aliases, rvol_alert → vol_alert); `important` is the curated feed. */
export function listAlerts({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listAlerts"> }) {
  const types = input.type ? [...new Set(input.type.map((t) => alertOutputTypeForFilter(t)).filter((t) => t !== null))] : undefined;
  const f = new Filters().symbols("a.symbol", input.symbols, input.scrip_codes).in("a.type", types).range("a.ts_ms", input.from, input.to);
  if (input.important) f.add("a.important = 1");
  const { rows, hasNext } = fetchPage<AlertDbRow>(ctx, `${ALERT_SELECT} ${f.sql} ORDER BY a.ts_ms DESC, a.id DESC`, f.params, input.page, input.limit);
  return { data: rows.map(toAlertWire), has_next: hasNext };
}

/** The wire shape of a stored alert, for WebSocket publishers (which add `alert_type`). */
export function alertById(ctx: ServiceContext, id: string): Alert | null {
  const row = prepared(ctx.db, `${ALERT_SELECT} WHERE a.id = ?`).get(id) as AlertDbRow | undefined;
  return row ? toAlertWire(row) : null;
}

export function registerAlertRoutes(app: Hono<AppEnv>): void {
  defineEndpoint(app, "listAlerts", listAlerts, { cache: true });
}
