import { afterAll, describe, expect, it } from "vitest";
import { deskRoute } from "../routes";
import type { LivePoll, LiveStatus } from "@/lib/query/live";
import type { RunningServer } from "../core/embedded-service";
import { issueApiKey } from "../core/embedded-service";
import { saveAlphaKey } from "../upstream/stored-keys";
import { serveLive } from "./relay";
import type { TestDesk } from "@/test/support/desk";
import { browserRequest, countingFetch, makeAccount, makeUser, withServiceAndDesk } from "@/test/support/desk";
import { sharedPollCount } from "./shared-polls";

/** Live fallback polling against the real service: one check per interval for every tab and user of an account. */

let service: RunningServer;
let desk: TestDesk;
const counting = countingFetch();
const aborts: AbortController[] = [];

withServiceAndDesk((s, d) => ((service = s), (desk = d)), { fetch: counting.fetch });

afterAll(async () => {
  for (const a of aborts) a.abort();
});

interface Stream {
  statuses: LiveStatus[];
  polls: LivePoll[];
  abort(): void;
}

async function openLive(user: Parameters<typeof browserRequest>[1], query: string): Promise<Stream> {
  const controller = new AbortController();
  aborts.push(controller);
  const request = await browserRequest(desk.ctx, user, `/api/live?${query}`, { signal: controller.signal });
  const response = await deskRoute("live", { ctx: desk.ctx, serve: (args) => serveLive({ ...args, tuning: { pollIntervalMs: 200, keepAliveMs: 60_000 } }) })(request);
  const stream: Stream = { statuses: [], polls: [], abort: () => controller.abort() };
  void (async () => {
    const reader = response.body?.getReader();
    if (!reader) return;
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!data) continue;
          if (event === "status") stream.statuses.push(JSON.parse(data) as LiveStatus);
          if (event === "poll") stream.polls.push(JSON.parse(data) as LivePoll);
        }
      }
    } catch {
      // aborted
    }
  })();
  return stream;
}

async function until(check: () => boolean, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("live fallback polling shared per account", () => {
  it("three tabs of two users on one Sandbox account make one check per interval, and all wait out a 429 together", async () => {
    const { accountId, key: keyA } = makeAccount(service, { plan: "sandbox", balance: 1_000 });
    const keyB = issueApiKey({ ctx: service.service.ctx, input: { accountId } }).key;
    const alice = await makeUser(desk.ctx);
    const bob = await makeUser(desk.ctx);
    await saveAlphaKey({ userId: alice.id, key: keyA, ctx: desk.ctx });
    await saveAlphaKey({ userId: bob.id, key: keyB, ctx: desk.ctx });

    const before = counting.count("/v1/news");
    const tabs = [await openLive(alice, "products=news&symbols=WIPRO"), await openLive(alice, "products=news&symbols=WIPRO"), await openLive(bob, "products=news&symbols=wipro")];
    await until(() => tabs.every((t) => t.polls.length >= 2), "two checks in every tab");
    expect(sharedPollCount({ ctx: desk.ctx })).toBe(1);
    const checks = counting.count("/v1/news") - before;
    // Every tab hears each check; the account was asked once per check, not once per tab.
    const heard = Math.max(...tabs.map((t) => t.polls.length));
    expect(checks).toBeLessThanOrEqual(heard + 1);
    expect(tabs.reduce((n, t) => n + t.polls.length, 0)).toBeGreaterThanOrEqual(checks * 2);

    // Sandbox allows 10 requests a minute: the checks meet a 429, and every tab says when they resume.
    await until(() => tabs.every((t) => t.statuses.some((s) => s.state === "error" && s.reason === "rate_limited")), "a rate-limited status in every tab");
    for (const tab of tabs) {
      const limited = tab.statuses.find((s) => s.reason === "rate_limited");
      expect(limited?.message).toMatch(/resumes at \d\d:\d\d IST/);
      expect(limited?.retryInMs).toBeGreaterThan(1_000);
    }
    // Backing off: no further upstream check for a while (at least five intervals).
    const atLimit = counting.count("/v1/news");
    await new Promise((r) => setTimeout(r, 1_200));
    expect(counting.count("/v1/news")).toBe(atLimit);

    for (const tab of tabs) tab.abort();
    await until(() => sharedPollCount({ ctx: desk.ctx }) === 0, "the shared poller to stop with its last tab");
  });
});
