import type { Hono } from "hono";
import type { AnnouncementDetail } from "../../lib/alpha/announcements";
import { IMPORTANT_CATEGORIES, NOT_IMPORTANT_CATEGORIES } from "../../lib/alpha/announcements";
import type { ServiceContext } from "../context";
import type { AppEnv, EndpointInput } from "../endpoint";
import { defineEndpoint } from "../endpoint";
import { prepared } from "../store/prepared";
import { fetchPage, Filters, logoUrl } from "./shared";

interface AnnouncementDbRow {
  id: string;
  symbol: string;
  category: string;
  related_categories: string;
  important: number;
  summary: string;
  long_summary: string;
  date: string;
  company_name: string;
}

const ANNOUNCEMENT_SELECT = `SELECT a.id, a.symbol, a.category, a.related_categories, a.important, a.summary, a.long_summary, a.date,
  c.company_name FROM announcements a JOIN companies c ON c.symbol = a.symbol`;

export function toAnnouncementWire(ctx: ServiceContext, r: AnnouncementDbRow, detailed: boolean): AnnouncementDetail {
  const out: AnnouncementDetail = {
    id: r.id,
    symbol: r.symbol,
    company_name: r.company_name,
    image: logoUrl(ctx, r.symbol),
    date: r.date,
    summary: r.summary,
    category: r.category,
  };
  if (detailed) {
    out.long_summary = r.long_summary;
    out.related_categories = JSON.parse(r.related_categories) as string[];
    out.important = r.important === 1;
  }
  return out;
}

export function listAnnouncementCategories() {
  return { data: { important: [...IMPORTANT_CATEGORIES], not_important: [...NOT_IMPORTANT_CATEGORIES] } };
}

/** Announcements newest first; `categories` matches the primary or a related category. */
export function listAnnouncements({ ctx, input }: { ctx: ServiceContext; input: EndpointInput<"listAnnouncements"> }) {
  const f = new Filters().symbols("a.symbol", input.symbols, input.scrip_codes).range("a.date_ms", input.from, input.to);
  if (input.categories?.length) {
    const wanted = JSON.stringify(input.categories);
    f.add(
      "(a.category IN (SELECT value FROM json_each(?)) OR EXISTS (SELECT 1 FROM json_each(a.related_categories) r WHERE r.value IN (SELECT value FROM json_each(?))))",
      wanted,
      wanted,
    );
  }
  if (input.important !== undefined) f.add("a.important = ?", input.important ? 1 : 0);
  const { rows, hasNext } = fetchPage<AnnouncementDbRow>(
    ctx,
    `${ANNOUNCEMENT_SELECT} ${f.sql} ORDER BY a.date_ms DESC, a.id DESC`,
    f.params,
    input.page,
    input.limit,
  );
  return { data: rows.map((r) => toAnnouncementWire(ctx, r, input.detailed)), has_next: hasNext };
}

/** The wire shape of a stored announcement, for WebSocket publishers. */
export function announcementById(ctx: ServiceContext, id: string, detailed = true): AnnouncementDetail | null {
  const row = prepared(ctx.db, `${ANNOUNCEMENT_SELECT} WHERE a.id = ?`).get(id) as AnnouncementDbRow | undefined;
  return row ? toAnnouncementWire(ctx, row, detailed) : null;
}

export function registerAnnouncementRoutes(app: Hono<AppEnv>): void {
  defineEndpoint(app, "listAnnouncementCategories", listAnnouncementCategories);
  defineEndpoint(app, "listAnnouncements", listAnnouncements, { cache: true });
}
