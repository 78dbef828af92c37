import type { Hono } from "hono";
import type { NewsItem } from "../../lib/alpha/news";
import type { ServiceContext } from "../context";
import type { AppEnv, EndpointInput } from "../endpoint";
import { defineEndpoint } from "../endpoint";
import { prepared } from "../store/prepared";
import { fetchPage, Filters, setIf } from "./shared";

interface NewsDbRow {
  id: string;
  symbol: string;
  title: string;
  specific_title: string | null;
  summary: string;
  long_summary: string | null;
  sentiment: string;
  source: string;
  article_type: string;
  link: string;
  date: string;
  company_name: string;
  scrip_code: string;
}

const NEWS_SELECT = `SELECT n.id, n.symbol, n.title, n.specific_title, n.summary, n.long_summary, n.sentiment, n.source, n.article_type,
  n.link, n.date, c.company_name, c.scrip_code FROM news n JOIN companies c ON c.symbol = n.symbol`;

export function toNewsWire(r: NewsDbRow): NewsItem {
  const out: NewsItem = { id: r.id, title: r.title };
  setIf(out, "specific_title", r.specific_title);
  out.summary = r.summary;
  setIf(out, "long_summary", r.long_summary);
  out.company = r.company_name;
  out.symbol = r.symbol;
  out.sentiment = r.sentiment;
  out.source = r.source;
  out.article_type = r.article_type;
  out.link = r.link;
  out.scrip_code = r.scrip_code;
  out.date = r.date;
  return out;
}

export function listNews({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listNews"> }) {
  const f = new Filters().symbols("n.symbol", input.symbols, input.scrip_codes).range("n.date_ms", input.from, input.to);
  if (input.sentiment) f.add("n.sentiment = ?", input.sentiment);
  const { rows, hasNext } = fetchPage<NewsDbRow>(ctx, `${NEWS_SELECT} ${f.sql} ORDER BY n.date_ms DESC, n.id DESC`, f.params, input.page, input.limit);
  return { data: rows.map(toNewsWire), has_next: hasNext };
}

/** The wire shape of a stored news item, for WebSocket publishers. */
export function newsItemById(ctx: ServiceContext, id: string): NewsItem | null {
  const row = prepared(ctx.db, `${NEWS_SELECT} WHERE n.id = ?`).get(id) as NewsDbRow | undefined;
  return row ? toNewsWire(row) : null;
}

export function registerNewsRoutes(app: Hono<AppEnv>): void {
  defineEndpoint(app, "listNews", listNews, { cache: true });
}
