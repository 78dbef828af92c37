import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { join } from "node:path";
import type { DeskContext } from "../core/context";
import { createDeskContext } from "../core/context";
import { alertDb } from "../core/alert-tables";
import { runDueDeliveries, DEFAULT_DELIVERY_TUNING } from "../alerts/deliver";
import { createAlertEndpoint } from "../alerts/rules";
import { listInbox } from "../inbox/inbox";
import { makeUser, postgresAvailable, randomName, tempDir, TEST_DATABASE_URL } from "@/test/support/desk";
import { startSmtpReceiver, startWebhookReceiver } from "@/test/support/receivers";
import { notifySpend } from "./notify";

const FAST = { ...DEFAULT_DELIVERY_TUNING, retryDelaysMs: [0, 0, 0, 0] };
const pgUp = await postgresAvailable(process.env.TEST_DATABASE_URL ?? TEST_DATABASE_URL);

type Where = { sqlitePath: string } | { databaseUrl: string; pgSchema: string };

/** Two desk instances on one database (a shared SQLite file, or one PostgreSQL schema). */
async function twoInstances(where: Where, smtpUrl: string): Promise<[DeskContext, DeskContext]> {
  const make = () =>
    createDeskContext({
      ...where,
      secrets: { authSecret: "s".repeat(43), encryptionKey: Buffer.alloc(32, 7) },
      config: { alphaBaseUrl: "http://127.0.0.1:9", deskUrl: "http://desk.test", delivery: { smtpUrl, mailFrom: "Desk <desk@example.test>", telegramApiUrl: "http://127.0.0.1:9", allowPrivateWebhooks: true, webhookTimeoutMs: 3_000 } },
    });
  const a = await make();
  return [a, await make()];
}

const places: [string, () => Where][] = [["a shared SQLite file", () => ({ sqlitePath: join(tempDir(), "desk.db") })]];
if (pgUp) places.push(["PostgreSQL", () => ({ databaseUrl: process.env.TEST_DATABASE_URL ?? TEST_DATABASE_URL, pgSchema: `desk_i44a_${randomName("n").replace(/\W/g, "")}`.slice(0, 40) })]);

describe.each(places)("spend notices on %s", (_name, where) => {
  it("go out once per account and dedupe key from two instances and after a restart: inbox, e-mail and webhook", async () => {
    const smtp = await startSmtpReceiver();
    const hooks = await startWebhookReceiver();
    const place = where();
    let [a, b] = await twoInstances(place, smtp.url);
    // Two SQLite connections in one process wait on each other synchronously: there the instances take turns.
    const both = async <T>(calls: (() => Promise<T>)[]): Promise<T[]> => {
      if ("pgSchema" in place) return Promise.all(calls.map((c) => c()));
      const out: T[] = [];
      for (const call of calls) out.push(await call());
      return out;
    };
    try {
      const admin = await makeUser(a, "admin");
      const other = await makeUser(a, "admin");
      const member = await makeUser(a, "member");
      const hook = await createAlertEndpoint({ ctx: a, user: admin, input: { channel: "webhook", url: hooks.url } });
      hooks.secret.value = hook.secret ?? "";
      await createAlertEndpoint({ ctx: a, user: other, input: { channel: "email", address: "other@example.test" } });
      const input = { accountId: "acct_1", kind: "budget_threshold" as const, dedupeKey: "budget:b1:2026-12:75", title: "75% of the month's budget", body: "37,500 of 50,000 credits", link: "/usage", audience: "admins" as const };
      const results = await both([() => notifySpend({ ctx: a, input }), () => notifySpend({ ctx: b, input }), () => notifySpend({ ctx: a, input }), () => notifySpend({ ctx: b, input })]);
      expect(results.filter((r) => r.delivered)).toHaveLength(1);
      await both([() => runDueDeliveries({ ctx: a, tuning: FAST }), () => runDueDeliveries({ ctx: b, tuning: FAST })]);

      await b.close();
      await a.close();
      [a, b] = await twoInstances(place, smtp.url);
      expect(await notifySpend({ ctx: b, input })).toEqual({ delivered: false });
      await runDueDeliveries({ ctx: a, tuning: FAST });

      for (const user of [admin, other]) {
        const items = (await listInbox({ ctx: a, user, input: { show: "all" } })).items;
        expect(items.map((i) => [i.kind, i.title, i.href])).toEqual([["budget", "75% of the month's budget", "/usage"]]);
      }
      expect((await listInbox({ ctx: a, user: member, input: { show: "all" } })).items).toEqual([]);
      expect(hooks.hooks).toHaveLength(1);
      expect(hooks.hooks[0]?.verified).toBe(true);
      expect(hooks.hooks[0]?.body).toMatchObject({ type: "spend.notice", events: [{ title: "75% of the month's budget", summary: "37,500 of 50,000 credits", href: "http://desk.test/usage" }] });
      expect(smtp.mails.map((m) => m.to)).toEqual([["other@example.test"]]);
      expect(smtp.mails[0]?.raw).toContain("75% of the month's budget");

      // Another key is another notice; one for a single user reaches only them.
      expect(await notifySpend({ ctx: a, input: { ...input, dedupeKey: "budget:b1:2026-12:90", title: "90%", audience: { userId: member.id } } })).toEqual({ delivered: true });
      expect((await listInbox({ ctx: a, user: member, input: { show: "all" } })).items.map((i) => i.title)).toEqual(["90%"]);
      expect((await listInbox({ ctx: a, user: admin, input: { show: "all" } })).items).toHaveLength(1);
      const rows = await alertDb({ ctx: a }).selectFrom("alert_deliveries").select(["status"]).execute();
      expect(rows.map((r) => r.status)).toEqual(["delivered", "delivered"]);
    } finally {
      await hooks.close();
      await smtp.close();
      if ("pgSchema" in place) await sql`DROP SCHEMA IF EXISTS ${sql.id(place.pgSchema)} CASCADE`.execute(a.db).catch(() => undefined);
      await b.close().catch(() => undefined);
      await a.close().catch(() => undefined);
    }
  });

  it("refuses a bad notice with a clear message", async () => {
    const [a, b] = await twoInstances({ sqlitePath: join(tempDir(), "desk.db") }, "smtp://127.0.0.1:9");
    try {
      const base = { accountId: "acct", kind: "runway" as const, dedupeKey: "k", title: "t", body: "", audience: "admins" as const };
      await expect(notifySpend({ ctx: a, input: { ...base, link: "https://evil.example/" } })).rejects.toThrow(/link must be a path of the desk/);
      await expect(notifySpend({ ctx: a, input: { ...base, kind: "nope" as never } })).rejects.toThrow(/kind must be one of/);
      await expect(notifySpend({ ctx: a, input: { ...base, dedupeKey: "" } })).rejects.toThrow(/dedupeKey/);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
