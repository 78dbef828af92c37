/*
 * The service's news mapper and list handler as they were before rows kept their wire JSON (issue 18), kept verbatim
 * as an independent reference for the news pages' ordering and memo tests. The other products' old answers are
 * recorded in service/store/wire-golden.json. Not used by the running service; do not "fix" it to match it.
 */
import type { NewsItem } from "../../lib/alpha/news";
import type { ServiceContext } from "../../service/context";
import type { EndpointInput } from "../../service/endpoint";
import { fetchPage, Filters, setIf } from "../../service/routes/shared";

// ── service/routes/news.ts ──

export interface NewsDbRow {
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

export const NEWS_SELECT = `SELECT n.id, n.symbol, n.title, n.specific_title, n.summary, n.long_summary, n.sentiment, n.source, n.article_type,
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
  // Stored empty for a generated item (no article exists anywhere): the member is left out, as the interface's other
  // optional members are.
  if (r.link) out.link = r.link;
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
