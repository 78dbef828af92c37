import "server-only";
/** Row types of the calendar-feed and materiality tables; `calendarDb({ ctx })` is the desk database typed with them. */
import type { Kysely } from "kysely";
import type { DeskContext } from "./context";
import type { DeskDatabase } from "./db";

/** A private iCalendar address: one watchlist's, or all of the user's (watchlist_id null). Only the token's hash is kept. */
export interface CalendarFeedsTable {
  id: string;
  user_id: string;
  watchlist_id: string | null;
  token_hash: string;
  created_at: string;
  rotated_at: string | null;
}

/** What a feed last published per event, so a moved meeting raises its sequence and a withdrawn one is cancelled. */
export interface CalendarPublishedTable {
  feed_id: string;
  uid: string;
  symbol: string;
  /** The event's start as published: an ISO instant, or YYYY-MM-DD for an all-day event. */
  start: string;
  sequence: number;
  /** "confirmed" or "cancelled". */
  status: string;
  moved_from: string | null;
  /** The event as last published (JSON), to keep answering a cancelled or past one. */
  event: string;
  updated_at: string;
}

/** A user's materiality settings (bar, lexicon, muted kinds, dismissals) as JSON, checked with its schema on read. */
export interface MaterialitySettingsTable {
  user_id: string;
  settings: string;
  updated_at: string;
}

export type CalendarTables = {
  calendar_feeds: CalendarFeedsTable;
  calendar_published: CalendarPublishedTable;
  materiality_settings: MaterialitySettingsTable;
};

export function calendarDb({ ctx }: { ctx: DeskContext }): Kysely<DeskDatabase & CalendarTables> {
  return ctx.db.withTables<CalendarTables>();
}
