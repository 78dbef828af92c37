import { describe, expect, it } from "vitest";
import { deskRoute } from "../routes";
import { createAlphaClient } from "@/lib/alpha/client";
import type { RunningServer } from "../core/embedded-service";
import { REUSE_MARGIN_SECONDS, reuseSignedLinks } from "./signed-links";
import type { TestDesk } from "@/test/support/desk";
import { browserRequest, makeUserWithKey, withServiceAndDesk } from "@/test/support/desk";

let service: RunningServer;
let desk: TestDesk;
let now = Date.now();
withServiceAndDesk((s, d) => ((service = s), (desk = d)), { now: () => new Date(now) });

type LinkAnswer = { data: { data: { status: string; transcript_url?: string; expires_in?: number }[] }; meta: { creditsCharged: number; cached: boolean } };

describe("signed links are paid for once in their lifetime", () => {
  it("a transcript link asked for twice within its lifetime is charged once, and again once it nears expiry", async () => {
    const ctx = desk.ctx;
    const { user, key } = await makeUserWithKey({ ctx, service });
    const client = createAlphaClient({ baseUrl: service.url, apiKey: key });
    const balance = async () => (await client.getAccount({})).data.data.balance;
    // A call the service has a transcript for: the newest concall of the dataset.
    const call = (await client.listConcalls({ query: { limit: 1 } })).data.data[0]!;
    const ask = async (items: { symbol: string; quarter: string }[]) => {
      const request = await browserRequest(ctx, user, "/api/alpha/v1/concalls/transcripts", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ items }),
      });
      const response = await deskRoute("alphaGet", { ctx })(request);
      expect(response.status).toBe(200);
      return (await response.json()) as LinkAnswer;
    };
    const items = [{ symbol: call.symbol, quarter: String(call.quarter) }];
    const before = await balance();
    const first = await ask(items);
    const ready = first.data.data.filter((d) => d.status === "ready");
    expect(ready.length).toBe(1);
    const lifetime = ready[0]!.expires_in!;
    expect(first.meta.creditsCharged).toBe(4);
    expect(before - (await balance())).toBe(4);

    now += 10_000;
    const second = await ask(items);
    expect(second.meta).toMatchObject({ creditsCharged: 0, cached: true });
    expect(second.data.data[0]!.transcript_url).toBe(ready[0]!.transcript_url);
    expect(second.data.data[0]!.expires_in).toBe(lifetime - 10);
    expect(before - (await balance())).toBe(4);

    // Shortly before the link expires the desk buys a new one rather than hand out one about to die.
    now += (lifetime - 10 - REUSE_MARGIN_SECONDS + 1) * 1000;
    const third = await ask(items);
    expect(third.meta.creditsCharged).toBe(4);
    expect(before - (await balance())).toBe(8);
  });

  it("never reuses an answer whose links are too close to expiry or that holds none", () => {
    const body = JSON.stringify({ data: [{ status: "ready", expires_in: 900 }, { status: "no_transcript" }] });
    expect(JSON.parse(reuseSignedLinks(body, 60)!)).toEqual({ data: [{ status: "ready", expires_in: 840 }, { status: "no_transcript" }] });
    expect(reuseSignedLinks(body, 900 - REUSE_MARGIN_SECONDS)).toBeNull();
    expect(reuseSignedLinks(JSON.stringify({ data: [{ status: "not_found" }] }), 0)).toBeNull();
  });
});
