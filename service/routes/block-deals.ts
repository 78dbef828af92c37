import type { Hono } from "hono";
import type { BlockDeal } from "../../lib/alpha/block-deals";
import type { ServiceContext } from "../context";
import type { AppEnv, EndpointInput } from "../endpoint";
import { defineEndpoint } from "../endpoint";
import { prepared } from "../store/prepared";
import { fetchPage, Filters } from "./shared";

interface BlockDealDbRow {
  id: string;
  symbol: string;
  company_name: string;
  exchange: string;
  trade_value_cr: number;
  shares: number;
  price: number;
  date: string;
}

const BLOCK_DEAL_SELECT = `SELECT b.id, b.symbol, c.company_name, b.exchange, b.trade_value_cr, b.shares, b.price, b.date
  FROM block_deals b JOIN companies c ON c.symbol = b.symbol`;

export function toBlockDealWire(r: BlockDealDbRow): BlockDeal {
  return {
    id: r.id,
    symbol: r.symbol,
    company: r.company_name,
    exchange: r.exchange,
    trade_value_cr: r.trade_value_cr,
    shares: r.shares,
    price: r.price,
    date: r.date,
  };
}

export function listBlockDeals({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listBlockDeals"> }) {
  const f = new Filters().symbols("b.symbol", input.symbols, undefined).range("b.date_ms", input.from, input.to);
  if (input.exchange) f.add("b.exchange = ?", input.exchange);
  const { rows, hasNext } = fetchPage<BlockDealDbRow>(ctx, `${BLOCK_DEAL_SELECT} ${f.sql} ORDER BY b.date_ms DESC, b.id DESC`, f.params, input.page, input.limit);
  return { data: rows.map(toBlockDealWire), has_next: hasNext };
}

/** The wire shape of a stored block deal, for WebSocket publishers. */
export function blockDealById(ctx: ServiceContext, id: string): BlockDeal | null {
  const row = prepared(ctx.db, `${BLOCK_DEAL_SELECT} WHERE b.id = ?`).get(id) as BlockDealDbRow | undefined;
  return row ? toBlockDealWire(row) : null;
}

export function registerBlockDealRoutes(app: Hono<AppEnv>): void {
  defineEndpoint(app, "listBlockDeals", listBlockDeals, { cache: true });
}
