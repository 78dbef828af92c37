import { describe, expect, it } from "vitest";
import { deskRoute } from "../routes";
import { catalogue, endpointIds } from "@/lib/alpha/catalogue";
import type { RunningServer } from "../core/embedded-service";
import { issueApiKey } from "../core/embedded-service";
import { saveAlphaKey } from "./stored-keys";
import type { TestDesk } from "@/test/support/desk";
import { browserRequest, makeAccount, makeUser, withServiceAndDesk } from "@/test/support/desk";
import type { SessionUser } from "../identity/users";

let service: RunningServer;
let desk: TestDesk;
withServiceAndDesk((s, d) => ((service = s), (desk = d)));

type Answer = { data?: { id?: string; data?: { id: string }[] }; error?: { code: string } };

async function get(user: SessionUser, path: string): Promise<{ status: number; body: Answer }> {
  const response = await deskRoute("alphaGet", { ctx: desk.ctx })(await browserRequest(desk.ctx, user, `/api/alpha${path}`));
  return { status: response.status, body: (await response.json()) as never };
}

async function submit(user: SessionUser, customId: string): Promise<string> {
  const form = new FormData();
  form.set("file", new Blob([`${JSON.stringify({ custom_id: customId, symbols: ["TCS"] })}\n`]), "mine.jsonl");
  const response = await deskRoute("alphaGet", { ctx: desk.ctx })(await browserRequest(desk.ctx, user, "/api/alpha/v1/batch/jobs", { method: "POST", body: form }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

describe("identity in every shared cache", () => {
  it("the catalogue scopes every batch endpoint to the key, and the rest to the account", () => {
    for (const id of endpointIds) {
      expect(catalogue[id].scope, id).toBe(catalogue[id].path.startsWith("/v1/batch/") ? "key" : "account");
    }
  });

  it("two users whose keys share an account, fetching each other's batch jobs 100 times at once, only ever get their own", async () => {
    const { accountId, key: keyA } = makeAccount(service);
    const keyB = issueApiKey({ ctx: service.service.ctx, input: { accountId } }).key;
    const [alice, bob] = [await makeUser(desk.ctx), await makeUser(desk.ctx)];
    await saveAlphaKey({ userId: alice.id, key: keyA, ctx: desk.ctx });
    await saveAlphaKey({ userId: bob.id, key: keyB, ctx: desk.ctx });
    const [jobA, jobB] = [await submit(alice, "alice-line"), await submit(bob, "bob-line")];

    // Every user asks for both jobs (and the list) at the same moment, 100 times each: merged in-flight calls
    // keyed by account would hand one user the other's answer, and the owner a false 404.
    const asks: Promise<{ who: string; job: string; kind: string; status: number; body: Answer }>[] = [];
    for (let i = 0; i < 100; i++) {
      for (const [who, user] of [["alice", alice], ["bob", bob]] as const) {
        for (const job of [jobA, jobB]) {
          asks.push(get(user, `/v1/batch/jobs/${job}`).then((r) => ({ who, job, kind: "job", ...r })));
        }
        if (i % 10 === 0) asks.push(get(user, "/v1/batch/jobs").then((r) => ({ who, job: "", kind: "list", ...r })));
      }
    }
    const answers = await Promise.all(asks);
    let notTheirOwn = 0;
    let falseNotFound = 0;
    for (const a of answers) {
      const own = a.who === "alice" ? jobA : jobB;
      if (a.kind === "list") {
        const ids = (a.body.data?.data ?? []).map((j) => j.id);
        if (ids.some((id) => id !== own)) notTheirOwn++;
        if (!ids.includes(own)) falseNotFound++;
      } else if (a.job === own) {
        if (a.status !== 200 || a.body.data?.id !== own) falseNotFound++;
      } else if (a.status !== 404 || a.body.error?.code !== "not_found" || a.body.data !== undefined) {
        notTheirOwn++;
      }
    }
    expect(answers.length).toBe(420);
    expect({ notTheirOwn, falseNotFound }).toEqual({ notTheirOwn: 0, falseNotFound: 0 });
  });
});
