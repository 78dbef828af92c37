import type { Hono } from "hono";
import type { ServiceContext } from "../context";
import type { AppEnv, EndpointInput } from "../endpoint";
import { defineEndpoint } from "../endpoint";
import { newsPageFromOrder } from "./news-order";
import { Filters, storedRowById, wireListPage, wirePage } from "./shared";

/** A news row is its stored JSON (wire.ts: toNewsWire), whole. */
const NEWS_SELECT = "SELECT n.id AS k, n.wire FROM news n";
export const NEWS_PAGE = wirePage("news", "n");

export function listNews({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listNews"> }) {
  const fromOrder = newsPageFromOrder(ctx, NEWS_PAGE, input);
  if (fromOrder) return fromOrder;
  return listNewsWithSql(ctx, input);
}

/** The page read with SQL (memoPage, else assembled in SQLite, else row by row): what newsPageFromOrder does not answer. */
export function listNewsWithSql(ctx: ServiceContext, input: EndpointInput<"listNews">) {
  const f = new Filters().symbols("n.symbol", input.symbols, input.scrip_codes).range("n.date_ms", input.from, input.to);
  if (input.sentiment) f.add("n.sentiment = ?", input.sentiment);
  return wireListPage(ctx, NEWS_PAGE, f, input, NEWS_SELECT);
}

/** The JSON of a stored news item, for WebSocket publishers. */
export function newsJsonById(ctx: ServiceContext, id: string): string | null {
  return storedRowById(ctx, "news", NEWS_SELECT, "n.id", id)?.parts.wire ?? null;
}

export function registerNewsRoutes(app: Hono<AppEnv>): void {
  defineEndpoint(app, "listNews", listNews, { cache: true });
}
