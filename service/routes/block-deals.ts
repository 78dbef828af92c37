import type { Hono } from "hono";
import type { ServiceContext } from "../context";
import type { AppEnv, EndpointInput } from "../endpoint";
import { defineEndpoint } from "../endpoint";
import { Filters, storedRowById, wireListPage, wirePage } from "./shared";

/** A block deal is its stored JSON (wire.ts: toBlockDealWire), whole. */
const BLOCK_DEAL_SELECT = "SELECT b.id AS k, b.wire FROM block_deals b";
const BLOCK_DEAL_PAGE = wirePage("block_deals", "b");

export function listBlockDeals({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listBlockDeals"> }) {
  const f = new Filters().symbols("b.symbol", input.symbols, undefined).range("b.date_ms", input.from, input.to);
  if (input.exchange) f.add("b.exchange = ?", input.exchange);
  return wireListPage(ctx, BLOCK_DEAL_PAGE, f, input, BLOCK_DEAL_SELECT);
}

/** The JSON of a stored block deal, for WebSocket publishers. */
export function blockDealJsonById(ctx: ServiceContext, id: string): string | null {
  return storedRowById(ctx, "block_deals", BLOCK_DEAL_SELECT, "b.id", id)?.parts.wire ?? null;
}

export function registerBlockDealRoutes(app: Hono<AppEnv>): void {
  defineEndpoint(app, "listBlockDeals", listBlockDeals, { cache: true });
}
