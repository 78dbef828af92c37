import "server-only";
/**
 * Seats and allowances on the organisation's key: which paid actions a member may take, and a daily allowance counted
 * before the call with one conditional UPDATE (no concurrent calls on any instance pass it), settled to the real charge.
 */
import { sql } from "kysely";
import type { EndpointId } from "@/lib/alpha/catalogue";
import { batchJobCost, isPaid, priceRequest } from "@/lib/alpha/costs";
import { AlphaError } from "@/lib/alpha/errors";
import { istDateString } from "@/lib/alpha/time";
import type { KeySource, PaidAction, Seat } from "@/lib/desk/teams";
import type { SeatToday } from "@/lib/desk/usage";
import { PAID_ACTION_LABELS, PAID_ACTIONS, paidActionSchema } from "@/lib/desk/teams";
import type { DeskContext } from "../core/context";
import type { DeskDb } from "../core/db";
import { toNumber } from "../core/db";
import { precompiled } from "../core/precompiled";
import type { SessionUser } from "../identity/users";
import type { SeatsTable } from "../core/teams-tables";
import { teamsDb } from "../core/teams-tables";

export function actionOf(id: EndpointId): PaidAction | null {
  if (!isPaid(id)) return null;
  if (id === "createDailySummary") return "summaries";
  if (id === "createBatchJob") return "batch_jobs";
  return "data";
}

export const OPEN_SEAT: Seat = { dailyAllowance: null, actions: [...PAID_ACTIONS] };

export function toSeat(row: Pick<SeatsTable, "daily_allowance" | "actions"> | undefined): Seat {
  if (!row) return { ...OPEN_SEAT, actions: [...OPEN_SEAT.actions] };
  let actions: PaidAction[] = [];
  try {
    const parsed = JSON.parse(row.actions) as unknown;
    actions = Array.isArray(parsed) ? parsed.filter((a): a is PaidAction => paidActionSchema.safeParse(a).success) : [];
  } catch {
    actions = [];
  }
  return { dailyAllowance: row.daily_allowance === null ? null : toNumber(row.daily_allowance), actions };
}

// Precompiled (lib/server/core/precompiled.ts): a member's paid call runs these on the way to the upstream.
const selectSeat = precompiled(1, (db: DeskDb, userId: string) =>
  teamsDb({ ctx: { db } }).selectFrom("seats").select(["daily_allowance", "actions"]).where("user_id", "=", userId),
);

export async function getSeat({ ctx, input }: { ctx: DeskContext; input: { userId: string } }): Promise<Seat> {
  const [row] = await selectSeat(ctx.db, input.userId);
  return toSeat(row);
}

export async function guardPaidCall({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: { id: EndpointId; source: KeySource } }): Promise<Seat | null> {
  if (input.source !== "organisation") return null;
  const action = actionOf(input.id);
  if (!action) return null;
  const seat = await getSeat({ ctx, input: { userId: user.id } });
  if (!seat.actions.includes(action)) {
    throw new AlphaError("action_not_permitted", `Your seat does not include ${PAID_ACTION_LABELS[action].toLowerCase()} on the organisation's key. Nothing was charged; ask an admin.`, {
      details: { action },
    });
  }
  return seat;
}

export interface Reservation {
  userId: string;
  day: string;
  price: number;
}

export function allowanceDay({ ctx }: { ctx: DeskContext }): string {
  return istDateString(ctx.now());
}

function countLines(file: string): number {
  return file.split(/\r?\n/).filter((l) => l.trim() !== "").length;
}

export async function reservationPrice(id: EndpointId, parsed: Record<string, unknown> | undefined): Promise<number> {
  if (id === "createBatchJob") {
    const file = parsed?.file;
    const text = typeof file === "string" ? file : file instanceof Blob ? await file.text() : "";
    return batchJobCost(countLines(text));
  }
  return priceRequest(id, parsed).credits;
}

/**
 * The day's row counts the price in one statement, only while counted + price stays within the allowance (a row made
 * for the day counts it only when the price alone fits): one conditional write, atomic on either database.
 */
const countCapped = precompiled(4, (db: DeskDb, userId: string, day: string, price: number, allowance: number) =>
  teamsDb({ ctx: { db } })
    .insertInto("allowance_days")
    .columns(["user_id", "day", "counted"])
    .expression(
      db
        .selectNoFrom([sql<string>`${userId}`.as("user_id"), sql<string>`${day}`.as("day"), sql<number>`cast(${price} as integer)`.as("counted")])
        .where(sql<boolean>`cast(${price} as integer) <= cast(${allowance} as integer)`),
    )
    .onConflict((oc) =>
      oc
        .columns(["user_id", "day"])
        .doUpdateSet({ counted: sql<number>`allowance_days.counted + excluded.counted` })
        .where(sql<boolean>`allowance_days.counted + excluded.counted <= cast(${allowance} as integer)`),
    ),
);

/** Without an allowance the day's spend is still counted: an allowance set later today starts from it. */
const countOpen = precompiled(3, (db: DeskDb, userId: string, day: string, price: number) =>
  teamsDb({ ctx: { db } })
    .insertInto("allowance_days")
    .values({ user_id: userId, day, counted: price })
    .onConflict((oc) => oc.columns(["user_id", "day"]).doUpdateSet({ counted: sql<number>`allowance_days.counted + excluded.counted` })),
);

/** Runs one compiled write on `db` (a transaction's or the desk's) and answers the rows it changed. */
async function changedRows(db: DeskDb, query: ReturnType<typeof countOpen.compile>): Promise<number> {
  const result = await db.executeQuery(query);
  return Number(result.numAffectedRows ?? 0n);
}

/**
 * Counts `price` against the member's allowance of today, inside `db` (the transaction that also logs the pending
 * call, so a crash never leaves a count without its row); refused with what is left when it does not fit.
 */
export async function reserveAllowance({ ctx, db = ctx.db, user, input }: { ctx: DeskContext; db?: DeskDb; user: SessionUser; input: { seat: Seat; price: number } }): Promise<Reservation | null> {
  const allowance = input.seat.dailyAllowance;
  if (input.price <= 0) return null;
  const day = allowanceDay({ ctx });
  const price = Math.round(input.price);
  if (allowance === null) {
    await changedRows(db, countOpen.compile(ctx.db, user.id, day, price));
    return { userId: user.id, day, price };
  }
  if ((await changedRows(db, countCapped.compile(ctx.db, user.id, day, price, allowance))) === 1) return { userId: user.id, day, price };
  const row = await teamsDb({ ctx: { db } }).selectFrom("allowance_days").select("counted").where("user_id", "=", user.id).where("day", "=", day).executeTakeFirst();
  const remaining = Math.max(0, allowance - toNumber(row?.counted));
  throw new AlphaError(
    "allowance_exceeded",
    `This costs up to ${price} credits and your daily allowance has ${remaining} of ${allowance} credits left today. Nothing was charged; ask an admin to raise it, or try again after midnight IST.`,
    { details: { allowance, remaining, price } },
  );
}

/** Moves a member's count of `day` by `delta` credits (a settlement: the charge against what was counted for it). */
export async function moveAllowance({ db, input }: { db: DeskDb; input: { userId: string; day: string; delta: number } }): Promise<void> {
  if (input.delta === 0) return;
  await teamsDb({ ctx: { db } })
    .updateTable("allowance_days")
    .set({ counted: sql<number>`counted + ${Math.round(input.delta)}` })
    .where("user_id", "=", input.userId)
    .where("day", "=", input.day)
    .execute();
}

/** Credits counted against each user's allowance today (every paid call on the organisation's key, allowance or not). */
export async function countedToday({ ctx }: { ctx: DeskContext }): Promise<Map<string, number>> {
  const rows = await teamsDb({ ctx }).selectFrom("allowance_days").select(["user_id", "counted"]).where("day", "=", allowanceDay({ ctx })).execute();
  return new Map(rows.map((r) => [r.user_id, toNumber(r.counted)]));
}

/** The user's seat on the organisation's key and the credits counted against it today, for their gauge. */
export async function seatToday({ ctx, user }: { ctx: DeskContext; user: Pick<SessionUser, "id"> }): Promise<SeatToday> {
  const [seat, row] = await Promise.all([
    getSeat({ ctx, input: { userId: user.id } }),
    teamsDb({ ctx }).selectFrom("allowance_days").select("counted").where("user_id", "=", user.id).where("day", "=", allowanceDay({ ctx })).executeTakeFirst(),
  ]);
  return { ...seat, countedToday: row ? toNumber(row.counted) : 0 };
}
