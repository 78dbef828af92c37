import "server-only";
/**
 * Private iCalendar feeds of a user's holdings. The address carries a long random token (a capability, as a calendar
 * app's secret address); only its hash is stored, so rotating or revoking makes the old address a 404. Every feed is
 * read from the service's free calendar calls only (upcoming results, upcoming calls undetailed, the results index).
 */
import { createHash, randomBytes } from "node:crypto";
import ical, { ICalAlarmType, ICalEventStatus } from "ical-generator";
import { AlphaError, isAlphaError } from "@/lib/alpha/errors";
import { MAX_LIST_VALUES } from "@/lib/alpha/query-params";
import type { CalendarFeed, CreateCalendarFeedInput, IssuedCalendarFeed } from "@/lib/desk/calendar-feeds";
import { createCalendarFeedInputSchema } from "@/lib/desk/calendar-feeds";
import type { Watchlist } from "@/lib/desk/watchlists";
import { buildHoldingsCalendar, eventDay, type BookedConcall, type BookedMeeting, type FeedEvent, type PublishedEvent } from "@/lib/market/holdings-calendar";
import { trackableSeasons } from "@/lib/market/season";
import type { DeskContext } from "../core/context";
import { calendarDb, type CalendarFeedsTable } from "../core/calendar-tables";
import { newId } from "../core/ids";
import type { SessionUser } from "../identity/users";
import { getUserById, parseOrThrow } from "../identity/users";
import { getActiveCalendar } from "../market/calendar-store";
import { findWatchlist, listWatchlists } from "../portfolio/watchlists";
import { callAlpha } from "../upstream/alpha-proxy";

const TOKEN_PREFIX = "adcal_";
/** Pages of each free listing read per 20 holdings: the nearest 150 meetings and calls are plenty for a calendar. */
const MAX_PAGES = 3;
const PAGE_LIMIT = 50;
const REMINDER_IST = "08:30";

export function calendarTokenHash(token: string): string {
  return createHash("sha256").update(`desk-calendar:${token}`).digest("hex");
}

function newToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

function feedUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, "")}/api/ical/${token}`;
}

async function ownWatchlists(ctx: DeskContext, user: SessionUser): Promise<Watchlist[]> {
  return (await listWatchlists({ ctx, user })).filter((w) => w.owner === null);
}

function toFeed(row: CalendarFeedsTable, names: ReadonlyMap<string, string>): CalendarFeed {
  return { id: row.id, watchlistId: row.watchlist_id, watchlistName: row.watchlist_id ? (names.get(row.watchlist_id) ?? null) : null, createdAt: row.created_at, rotatedAt: row.rotated_at };
}

export async function listCalendarFeeds({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<CalendarFeed[]> {
  const rows = await calendarDb({ ctx }).selectFrom("calendar_feeds").selectAll().where("user_id", "=", user.id).orderBy("created_at").execute();
  const names = new Map((await ownWatchlists(ctx, user)).map((w) => [w.id, w.name]));
  return rows.map((r) => toFeed(r, names));
}

/** A new address for the scope; a scope that already has one gets a fresh token (the old address stops working). */
export async function createCalendarFeed({ ctx, user, input, origin }: { ctx: DeskContext; user: SessionUser; input: CreateCalendarFeedInput; origin: string }): Promise<IssuedCalendarFeed> {
  const { watchlistId } = parseOrThrow(createCalendarFeedInputSchema, input);
  const names = new Map((await ownWatchlists(ctx, user)).map((w) => [w.id, w.name]));
  if (watchlistId !== null && !names.has(watchlistId)) throw new AlphaError("not_found", "That watchlist is not one of yours");
  const db = calendarDb({ ctx });
  const scope = db.selectFrom("calendar_feeds").selectAll().where("user_id", "=", user.id);
  const existing = await (watchlistId === null ? scope.where("watchlist_id", "is", null) : scope.where("watchlist_id", "=", watchlistId)).executeTakeFirst();
  if (existing) return rotateCalendarFeed({ ctx, user, id: existing.id, origin });
  const token = newToken();
  const row: CalendarFeedsTable = { id: newId("cal"), user_id: user.id, watchlist_id: watchlistId, token_hash: calendarTokenHash(token), created_at: ctx.now().toISOString(), rotated_at: null };
  await db.insertInto("calendar_feeds").values(row).execute();
  return { ...toFeed(row, names), url: feedUrl(ctx.config.deskUrl ?? origin, token) };
}

async function ownFeed(ctx: DeskContext, user: SessionUser, id: string): Promise<CalendarFeedsTable> {
  const row = await calendarDb({ ctx }).selectFrom("calendar_feeds").selectAll().where("id", "=", id).where("user_id", "=", user.id).executeTakeFirst();
  if (!row) throw new AlphaError("not_found", "No such calendar feed");
  return row;
}

/** A new token for the feed; what it published is kept, so subscribers of the new address see the same events. */
export async function rotateCalendarFeed({ ctx, user, id, origin }: { ctx: DeskContext; user: SessionUser; id: string; origin: string }): Promise<IssuedCalendarFeed> {
  const row = await ownFeed(ctx, user, id);
  const token = newToken();
  const rotatedAt = ctx.now().toISOString();
  await calendarDb({ ctx }).updateTable("calendar_feeds").set({ token_hash: calendarTokenHash(token), rotated_at: rotatedAt }).where("id", "=", row.id).execute();
  const names = new Map((await ownWatchlists(ctx, user)).map((w) => [w.id, w.name]));
  return { ...toFeed({ ...row, rotated_at: rotatedAt }, names), url: feedUrl(ctx.config.deskUrl ?? origin, token) };
}

export async function revokeCalendarFeed({ ctx, user, id }: { ctx: DeskContext; user: SessionUser; id: string }): Promise<{ id: string; deleted: true }> {
  const row = await ownFeed(ctx, user, id);
  await calendarDb({ ctx }).transaction().execute(async (trx) => {
    await trx.deleteFrom("calendar_published").where("feed_id", "=", row.id).execute();
    await trx.deleteFrom("calendar_feeds").where("id", "=", row.id).execute();
  });
  return { id: row.id, deleted: true };
}

function chunks(symbols: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < symbols.length; i += MAX_LIST_VALUES) out.push(symbols.slice(i, i + MAX_LIST_VALUES));
  return out;
}

interface Booked {
  meetings: BookedMeeting[];
  concalls: BookedConcall[];
  reported: Set<string>;
  names: Map<string, string>;
}

async function readBooked(ctx: DeskContext, user: SessionUser, symbols: readonly string[], quarters: readonly string[]): Promise<Booked> {
  const booked: Booked = { meetings: [], concalls: [], reported: new Set(), names: new Map() };
  for (const chunk of chunks(symbols)) {
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const { data } = await callAlpha({ ctx, user, id: "listUpcomingEarnings", input: { query: { symbols: chunk, page, limit: PAGE_LIMIT } } });
      for (const r of data.data) {
        const symbol = r.symbol.toUpperCase();
        if (r.company) booked.names.set(symbol, r.company);
        if (r.date && r.quarter) booked.meetings.push({ symbol, quarter: r.quarter.toLowerCase(), date: r.date });
      }
      if (!data.has_next) break;
    }
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      // Undetailed: the upcoming-calls listing is free only without the expanded analysis.
      const { data } = await callAlpha({ ctx, user, id: "listUpcomingConcalls", input: { query: { symbols: chunk, page, limit: PAGE_LIMIT, detailed: false } } });
      for (const r of data.data) if (r.meeting_date && r.quarter) booked.concalls.push({ symbol: r.symbol.toUpperCase(), quarter: r.quarter.toLowerCase(), meetingDate: r.meeting_date });
      if (!data.has_next) break;
    }
    for (const quarter of quarters) {
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const { data } = await callAlpha({ ctx, user, id: "listEarningsIndex", input: { query: { symbols: chunk, quarter, page, limit: 100 } } });
        for (const r of data.data) if (r.quarter) booked.reported.add(`${r.symbol.toUpperCase()}:${r.quarter.toLowerCase()}`);
        if (!data.has_next) break;
      }
    }
  }
  return booked;
}

function toPublished(row: { uid: string; symbol: string; start: string; sequence: number; status: string; moved_from: string | null; event: string }): PublishedEvent {
  return { uid: row.uid, symbol: row.symbol, start: row.start, sequence: Number(row.sequence), status: row.status === "cancelled" ? "cancelled" : "confirmed", movedFrom: row.moved_from, event: JSON.parse(row.event) as FeedEvent };
}

async function remember(ctx: DeskContext, feedId: string, upserts: readonly PublishedEvent[], deletes: readonly string[], now: string): Promise<void> {
  if (!upserts.length && !deletes.length) return;
  await calendarDb({ ctx }).transaction().execute(async (trx) => {
    if (deletes.length) await trx.deleteFrom("calendar_published").where("feed_id", "=", feedId).where("uid", "in", [...deletes]).execute();
    for (const p of upserts) {
      const row = { symbol: p.symbol, start: p.start, sequence: p.sequence, status: p.status, moved_from: p.movedFrom, event: JSON.stringify(p.event), updated_at: now };
      await trx
        .insertInto("calendar_published")
        .values({ feed_id: feedId, uid: p.uid, ...row })
        .onConflict((oc) => oc.columns(["feed_id", "uid"]).doUpdateSet(row))
        .execute();
    }
  });
}

/** The feed as iCalendar text: UTC instants (calendars show them in IST, the calendar's declared zone), all-day dates, reminders at 08:30 IST. */
export function renderCalendar(name: string, events: readonly FeedEvent[]): string {
  const cal = ical({ name, prodId: { company: "Alpha Desk", product: "Holdings calendar", language: "EN" }, ttl: 3600 });
  cal.x([["X-WR-TIMEZONE", "Asia/Kolkata"]]);
  for (const e of events) {
    const [y, m, d] = eventDay(e).split("-").map(Number) as [number, number, number];
    const start = e.allDay ? new Date(Date.UTC(y, m - 1, d)) : new Date(e.start);
    const event = cal.createEvent({
      id: e.uid,
      start,
      ...(e.allDay ? { allDay: true, end: new Date(Date.UTC(y, m - 1, d + 1)) } : { end: new Date(start.getTime() + e.minutes * 60_000) }),
      summary: e.summary,
      description: e.description,
      sequence: e.sequence,
      stamp: new Date(e.stamp),
      status: e.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
    if (e.status !== "cancelled") event.createAlarm({ type: ICalAlarmType.display, trigger: new Date(`${eventDay(e)}T${REMINDER_IST}:00+05:30`), description: e.summary });
  }
  return cal.toString();
}

/** The public feed: the token names the feed; an unknown, rotated or revoked one is a 404 that says nothing more. */
export async function serveCalendarFeed({ ctx, token }: { ctx: DeskContext; token: string }): Promise<Response> {
  const db = calendarDb({ ctx });
  const feed = await db.selectFrom("calendar_feeds").selectAll().where("token_hash", "=", calendarTokenHash(token)).executeTakeFirst();
  const owner = feed ? await getUserById({ ctx, id: feed.user_id }) : null;
  if (!feed || !owner || owner.disabled) throw new AlphaError("not_found", "No such calendar");
  const user: SessionUser = { id: owner.id, email: owner.email, name: owner.name, role: owner.role };
  let lists: Watchlist[];
  if (feed.watchlist_id) {
    const one = await findWatchlist({ ctx, user, id: feed.watchlist_id });
    if (!one) throw new AlphaError("not_found", "No such calendar");
    lists = [one];
  } else lists = await ownWatchlists(ctx, user);
  const holdings = [...new Set(lists.flatMap((l) => l.items.map((i) => i.symbol.toUpperCase())))].sort();
  const nowMs = ctx.now().getTime();
  const quarters = trackableSeasons(nowMs);
  let booked: Booked;
  try {
    booked = holdings.length ? await readBooked(ctx, user, holdings, quarters) : { meetings: [], concalls: [], reported: new Set(), names: new Map() };
  } catch (error) {
    // A calendar app retries later; a 503 keeps its copy of the feed instead of emptying it.
    if (isAlphaError(error)) return new Response(`The desk could not read the results calendar: ${error.message}`, { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "600" } });
    throw error;
  }
  const published = (await db.selectFrom("calendar_published").selectAll().where("feed_id", "=", feed.id).execute()).map(toPublished);
  const market = (await getActiveCalendar({ ctx })).calendar;
  const built = buildHoldingsCalendar({ nowMs, holdings, names: booked.names, meetings: booked.meetings, concalls: booked.concalls, reported: booked.reported, quarters, market, published });
  await remember(ctx, feed.id, built.upserts, built.deletes, new Date(nowMs).toISOString());
  const name = feed.watchlist_id ? `Alpha Desk · ${lists[0]!.name}` : "Alpha Desk · all watchlists";
  return new Response(renderCalendar(name, built.events), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="alpha-desk.ics"',
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
