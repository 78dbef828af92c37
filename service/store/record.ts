import type { StreamProduct } from "../../lib/alpha/account";
import type { EventBus, StoredEvent } from "../events";
import type { Db } from "./db";
import { prepared } from "./prepared";
import type {
  AlertRecord,
  AnnouncementRecord,
  BlockDealRecord,
  ConcallRecord,
  EarningsRecord,
  NewsRecord,
  UpcomingEarningsRecord,
} from "./writes";
import {
  insertAlert,
  insertAnnouncement,
  insertBlockDeal,
  insertConcall,
  insertEarnings,
  insertNews,
  insertUpcomingEarnings,
} from "./writes";

/*
 * The one way to store an event row after start-up: insert through writes.ts, then announce it on the bus
 * once the transaction has committed, so streams publish exactly what REST can read. Seeding uses writes.ts
 * directly (nothing is live yet).
 */

export interface RecordContext {
  db: Db;
  bus: EventBus;
}

/** The writes of one unit of work; each stored stream row is announced after the unit commits. */
export interface RecordUnit {
  alert(row: AlertRecord): void;
  news(row: NewsRecord): void;
  announcement(row: AnnouncementRecord): void;
  blockDeal(row: BlockDealRecord): void;
  earnings(row: EarningsRecord): void;
  concall(row: ConcallRecord): void;
  /** Rewrites a stored call in place (same id), e.g. when it has happened and its analysis is in; published again. */
  replaceConcall(row: ConcallRecord): void;
  /** Calendar rows are not streamed. */
  upcomingEarnings(row: UpcomingEarningsRecord): void;
  /** Removes the calendar events a results filing satisfies; returns how many went. */
  removeUpcomingEarnings(symbol: string, quarter: string): number;
}

/**
 * Runs `fill` in one transaction and announces its stream rows, in the order written, after the commit.
 * Refuses to run inside an open transaction: a rollback there would leave announced rows that never existed.
 */
export function recordTogether(ctx: RecordContext, fill: (unit: RecordUnit) => void): StoredEvent[] {
  if (ctx.db.inTransaction) throw new Error("record* must not run inside an open transaction: its events are published on commit");
  const events: StoredEvent[] = [];
  const stored = (product: StreamProduct, row: { id: string; symbol: string }) => events.push({ product, id: row.id, symbol: row.symbol });
  const unit: RecordUnit = {
    alert: (row) => (insertAlert(ctx.db, row), stored("alerts", row)),
    news: (row) => (insertNews(ctx.db, row), stored("news", row)),
    announcement: (row) => (insertAnnouncement(ctx.db, row), stored("announcements", row)),
    blockDeal: (row) => (insertBlockDeal(ctx.db, row), stored("block-deals", row)),
    earnings: (row) => (insertEarnings(ctx.db, row), stored("earnings", row)),
    concall: (row) => (insertConcall(ctx.db, row), stored("concalls", row)),
    replaceConcall: (row) => {
      prepared(ctx.db, "DELETE FROM concalls WHERE id = ?").run(row.id);
      insertConcall(ctx.db, row);
      stored("concalls", row);
    },
    upcomingEarnings: (row) => insertUpcomingEarnings(ctx.db, row),
    removeUpcomingEarnings: (symbol, quarter) =>
      prepared(ctx.db, "DELETE FROM upcoming_earnings WHERE symbol = ? AND quarter = ?").run(symbol, quarter).changes,
  };
  ctx.db.transaction(() => fill(unit))();
  for (const event of events) ctx.bus.emit(event);
  return events;
}

export function recordAlert(ctx: RecordContext, row: AlertRecord): void {
  recordTogether(ctx, (u) => u.alert(row));
}

export function recordNews(ctx: RecordContext, row: NewsRecord): void {
  recordTogether(ctx, (u) => u.news(row));
}

export function recordAnnouncement(ctx: RecordContext, row: AnnouncementRecord): void {
  recordTogether(ctx, (u) => u.announcement(row));
}

export function recordBlockDeal(ctx: RecordContext, row: BlockDealRecord): void {
  recordTogether(ctx, (u) => u.blockDeal(row));
}

export function recordEarnings(ctx: RecordContext, row: EarningsRecord): void {
  recordTogether(ctx, (u) => u.earnings(row));
}

export function recordConcall(ctx: RecordContext, row: ConcallRecord): void {
  recordTogether(ctx, (u) => u.concall(row));
}
