import { describe, expect, it } from "vitest";
import { readLivePoll, readLiveStatus } from "./live";
import { livePollSchema, liveStatusSchema } from "@/lib/desk/live";

/**
 * The browser reads the relay's status and poll events without zod (readLiveStatus, readLivePoll); the relay's side
 * of the contract is the zod schemas. These hold the two to the same answers, so neither can drift alone.
 */
const status = { product: "alerts", state: "connected", message: "On the stream.", at: "2026-11-24T10:00:00Z" };
const STATUSES: unknown[] = [
  status,
  { ...status, reason: "socket_closed", attempt: 2, retryInMs: 5_000, tier: "pro", fullFeed: true, pollEveryMs: 30_000 },
  { ...status, product: "block-deals", state: "standby", extra: { kept: true } },
  { ...status, state: "sleeping" },
  { ...status, product: "trades" },
  { ...status, message: 3 },
  { ...status, at: null },
  { ...status, reason: null },
  { ...status, attempt: "2" },
  { ...status, retryInMs: Number.POSITIVE_INFINITY },
  { ...status, pollEveryMs: Number.NaN },
  { ...status, fullFeed: "yes" },
  { ...status, tier: 1 },
  { state: "connected", message: "", at: "" },
  [status],
  null,
  "status",
  42,
];
const poll = { product: "news", at: "2026-11-24T10:00:02Z", items: 3, creditsCharged: 1.5 };
const POLLS: unknown[] = [
  poll,
  { ...poll, extra: "kept" },
  { ...poll, items: "three" },
  { ...poll, creditsCharged: Number.NaN },
  { ...poll, product: "status" },
  { ...poll, at: undefined },
  { product: "news", at: "x", items: 0 },
  [],
  undefined,
];

describe("the live relay's events, read without zod", () => {
  it.each(STATUSES.map((value, i) => [i, value]))("status sample %i: accepted exactly when the relay's schema accepts it", (_, value) => {
    const parsed = liveStatusSchema.safeParse(value);
    const read = readLiveStatus(value);
    expect(read !== null).toBe(parsed.success);
    if (parsed.success) expect(read).toEqual(parsed.data);
  });

  it.each(POLLS.map((value, i) => [i, value]))("poll sample %i: accepted exactly when the relay's schema accepts it", (_, value) => {
    const parsed = livePollSchema.safeParse(value);
    const read = readLivePoll(value);
    expect(read !== null).toBe(parsed.success);
    if (parsed.success) expect(read).toEqual(parsed.data);
  });

  it("accepts the statuses a stream opens with", () => {
    expect(readLiveStatus(status)).toEqual(status);
    expect(readLiveStatus({ ...status, state: "sleeping" })).toBeNull();
    expect(readLivePoll(poll)).toEqual(poll);
  });
});
