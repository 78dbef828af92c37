import type { Hono } from "hono";
import { IMPORTANT_CATEGORIES, NOT_IMPORTANT_CATEGORIES } from "../../lib/alpha/announcements";
import type { ServiceContext } from "../context";
import type { AppEnv, EndpointInput } from "../endpoint";
import { defineEndpoint } from "../endpoint";
import type { WireParts } from "../store/wire";
import { extend, withPublicUrl } from "../store/wire";
import { Filters, storedRowById, wireColumns, wireListPage, wirePage } from "./shared";

/** An announcement is its stored JSON (wire.ts: toAnnouncementWire), its logo link made absolute, plus the detail members. */
const announcementSelect = (detailed: boolean) => `SELECT a.id AS k, ${wireColumns("a", detailed)} FROM announcements a`;

function announcementJson(ctx: ServiceContext, parts: WireParts, detailed: boolean): string {
  const row = withPublicUrl(parts.wire, "image", ctx.publicUrl);
  return detailed ? extend(row, parts.detail) : row;
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
  const spec = wirePage("announcements", "a", { row: { detailed: input.detailed, logo: "image", publicUrl: ctx.publicUrl } });
  return wireListPage(ctx, spec, f, input, announcementSelect(input.detailed), (parts) => announcementJson(ctx, parts, input.detailed));
}

/** The JSON of a stored announcement, for WebSocket publishers. */
export function announcementJsonById(ctx: ServiceContext, id: string, detailed = true): string | null {
  const got = storedRowById(ctx, "announcements", announcementSelect(detailed), "a.id", id);
  return got ? announcementJson(ctx, got.parts, detailed) : null;
}

export function registerAnnouncementRoutes(app: Hono<AppEnv>): void {
  defineEndpoint(app, "listAnnouncementCategories", listAnnouncementCategories);
  defineEndpoint(app, "listAnnouncements", listAnnouncements, { cache: true });
}
