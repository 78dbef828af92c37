import { afterAll, describe, expect, it } from "vitest";
import type { DeskContext } from "../core/context";
import { authenticate, clearSignInFailures, countRecentFailures, SIGN_IN_POLICY, waitAfter } from "./sign-in";
import type { TestDesk } from "@/test/support/desk";
import { createTestDesk, makeUser } from "@/test/support/desk";

const desks: TestDesk[] = [];
afterAll(async () => {
  await Promise.all(desks.map((d) => d.close()));
});

/** A desk on a clock the test moves, recording every slow-down instead of sleeping. */
async function clockedDesk(): Promise<{ ctx: DeskContext; advance(ms: number): void; waits: number[] }> {
  let now = Date.now();
  const waits: number[] = [];
  const d = await createTestDesk({
    now: () => new Date(now),
    sleep: async (ms) => void waits.push(ms),
    config: { signInDelayStepMs: 1_000, signInDelayMaxMs: 5_000 },
  });
  desks.push(d);
  return { ctx: d.ctx, advance: (ms) => void (now += ms), waits };
}

describe("sign-in throttling", () => {
  it("waits grow 1 s, 2 s, 4 s… after the free failures, capped", () => {
    expect([3, 4, 5, 6, 7].map((n) => waitAfter(n, 3))).toEqual([0, 1_000, 2_000, 4_000, 8_000]);
    expect(waitAfter(40, 3)).toBe(SIGN_IN_POLICY.maxWaitMs);
  });

  it("a source that keeps failing on an account waits longer each time, refused without a password check", async () => {
    const { ctx, advance } = await clockedDesk();
    const user = await makeUser(ctx);
    const attacker = "198.51.100.7";
    for (let i = 1; i <= 3; i++) {
      await expect(authenticate({ input: { email: user.email, password: `wrong-${i}`, ip: attacker }, ctx })).rejects.toMatchObject({ code: "invalid_credentials" });
    }
    // The 4th failure makes that source wait 1 s for that account; after it, 2 s; then 4 s.
    await expect(authenticate({ input: { email: user.email, password: "wrong-4", ip: attacker }, ctx })).rejects.toMatchObject({ code: "invalid_credentials" });
    await expect(authenticate({ input: { email: user.email, password: user.password, ip: attacker }, ctx })).rejects.toMatchObject({
      code: "too_many_attempts",
      status: 429,
      message: "Too many failed sign-ins. Try again in 1 second.",
    });
    advance(1_000);
    await expect(authenticate({ input: { email: user.email, password: "wrong-5", ip: attacker }, ctx })).rejects.toMatchObject({ code: "invalid_credentials" });
    await expect(authenticate({ input: { email: user.email, password: "wrong", ip: attacker }, ctx })).rejects.toMatchObject({ message: "Too many failed sign-ins. Try again in 2 seconds." });
    advance(2_000);
    await expect(authenticate({ input: { email: user.email, password: "wrong-6", ip: attacker }, ctx })).rejects.toMatchObject({ code: "invalid_credentials" });
    await expect(authenticate({ input: { email: user.email, password: "wrong", ip: attacker }, ctx })).rejects.toMatchObject({ retryAfter: 4 });
    // A refused attempt is not counted: the wait does not grow while the attacker is told to wait.
    expect(await countRecentFailures({ ctx, email: user.email })).toBe(6);
  });

  it("a locked-out attacker does not lock out the owner from another source", async () => {
    const { ctx, advance, waits } = await clockedDesk();
    const user = await makeUser(ctx);
    const attacker = "198.51.100.7";
    for (let i = 0; i < 12; i++) {
      await authenticate({ input: { email: user.email, password: `guess-${i}`, ip: attacker }, ctx }).catch(() => undefined);
      advance(60_000);
    }
    await expect(authenticate({ input: { email: user.email, password: user.password, ip: attacker }, ctx })).rejects.toMatchObject({ code: "too_many_attempts" });
    // The owner, from home: slowed (the account is under attack) but signed in.
    waits.length = 0;
    await expect(authenticate({ input: { email: user.email, password: user.password, ip: "203.0.113.20" }, ctx })).resolves.toMatchObject({ id: user.id });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeLessThanOrEqual(5_000);
    // The owner's success does not lift the attacker's wait.
    await expect(authenticate({ input: { email: user.email, password: user.password, ip: attacker }, ctx })).rejects.toMatchObject({ code: "too_many_attempts" });
  });

  it("one source guessing many accounts is slowed across them; other sources are not", async () => {
    const { ctx } = await clockedDesk();
    const owner = await makeUser(ctx);
    const source = "198.51.100.8";
    for (let i = 0; i < SIGN_IN_POLICY.source.freeFailures + 1; i++) {
      await authenticate({ input: { email: `nobody-${i}@example.test`, password: "guess guess", ip: source }, ctx }).catch(() => undefined);
    }
    await expect(authenticate({ input: { email: "another@example.test", password: "guess guess", ip: source }, ctx })).rejects.toMatchObject({
      message: "Too many failed sign-ins from this address. Try again in 1 second.",
    });
    await expect(authenticate({ input: { email: owner.email, password: owner.password, ip: "203.0.113.21" }, ctx })).resolves.toMatchObject({ id: owner.id });
  });

  it("an admin clears an account's lock; members may not", async () => {
    const { ctx } = await clockedDesk();
    const admin = await makeUser(ctx, "admin");
    const user = await makeUser(ctx);
    // 4 failures count; the next 4 are refused while the source waits, uncounted.
    for (let i = 0; i < 8; i++) await authenticate({ input: { email: user.email, password: `guess-${i}`, ip: "198.51.100.9" }, ctx }).catch(() => undefined);
    await expect(authenticate({ input: { email: user.email, password: user.password, ip: "198.51.100.9" }, ctx })).rejects.toMatchObject({ code: "too_many_attempts" });
    await expect(clearSignInFailures({ user: user, userId: user.id, ctx })).rejects.toMatchObject({ code: "forbidden" });
    await expect(clearSignInFailures({ user: admin, userId: user.id, ctx })).resolves.toEqual({ cleared: 4 });
    await expect(authenticate({ input: { email: user.email, password: user.password, ip: "198.51.100.9" }, ctx })).resolves.toMatchObject({ id: user.id });
  });
});
