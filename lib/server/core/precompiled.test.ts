import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import type { TestDesk, TestDialect } from "@/test/support/desk";
import { createTestDesk, makeAccount, makeUser, postgresAvailable, startTestService, storeKeyUnchecked, withDesk } from "@/test/support/desk";
import { syncLedger } from "../money/ledger-sync";
import { encryptSecret, withUserKey } from "../identity/key-vault";
import { recordSpend } from "../records/spend";
import { heldBytes, readCachedAnswer, requestKey, writeCachedAnswer } from "../upstream/response-cache";
import { precompiled, writeGrouped } from "./precompiled";

const dialects: TestDialect[] = (await postgresAvailable()) ? ["sqlite", "postgres"] : ["sqlite"];

const countSpend = precompiled(1, (db: TestDesk["ctx"]["db"], accountId: string) =>
  db.selectFrom("spend_log").select((eb) => eb.fn.countAll<number>().as("n")).where("account_id", "=", accountId),
);

const spendIds = precompiled(1, (db: TestDesk["ctx"]["db"], accountId: string) => db.selectFrom("spend_log").select("id").where("account_id", "=", accountId));

describe.each(dialects)("the proxy's hot-path writes and reads on %s", (dialect) => {
  let desk: TestDesk;
  let now = new Date("2026-11-24T10:00:00+05:30").getTime();
  withDesk((d) => (desk = d), { dialect, now: () => new Date(now) });

  it("commits the spend rows of concurrent calls, each caller resolved once its own row is in", async () => {
    const user = await makeUser(desk.ctx);
    const accountId = `acct_grouped_${dialect}`;
    const calls = Array.from({ length: 20 }, (_, i) =>
      recordSpend({ ctx: desk.ctx, entry: { userId: user.id, endpoint: "listNews", credits: i % 2, accountId, cached: i % 2 === 0, requestId: `req_${i}` } }),
    );
    await Promise.all(calls);
    const [row] = await countSpend(desk.ctx.db, accountId);
    expect(Number(row?.n)).toBe(20);
  });

  it("fails only the write that failed when writes share a commit", async () => {
    const user = await makeUser(desk.ctx);
    const accountId = `acct_failing_${dialect}`;
    const good = recordSpend({ ctx: desk.ctx, entry: { userId: user.id, endpoint: "listNews", credits: 1, accountId, cached: false, requestId: "req_good" } });
    const bad = writeGrouped(desk.ctx, [sql`insert into no_such_table values (1)`.compile(desk.ctx.db)]);
    const alsoGood = recordSpend({ ctx: desk.ctx, entry: { userId: user.id, endpoint: "listNews", credits: 1, accountId, cached: false, requestId: "req_good_2" } });
    const outcomes = await Promise.allSettled([good, bad, alsoGood]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const [row] = await countSpend(desk.ctx.db, accountId);
    expect(Number(row?.n)).toBe(2);
  });

  it("rolls back every statement of a failing write, not only the one that failed, and answers each write's changed rows", async () => {
    const user = await makeUser(desk.ctx);
    const accountId = `acct_atomic_${dialect}`;
    const { db } = desk.ctx;
    const row = (id: string) => db.insertInto("spend_log").values({ id, user_id: user.id, endpoint: "listNews", credits: 1, account_id: accountId, cached: 0, created_at: new Date(now).toISOString(), ist_hour: 1, request_id: null }).compile();
    const bad = writeGrouped(desk.ctx, [row(`spn_half_${dialect}`), sql`insert into no_such_table values (1)`.compile(db)]);
    const good = writeGrouped(desk.ctx, [row(`spn_whole_${dialect}`), db.deleteFrom("spend_log").where("id", "=", "spn_none").compile()]);
    const outcomes = await Promise.allSettled([bad, good]);
    expect(outcomes[0].status).toBe("rejected");
    expect(outcomes[1]).toEqual({ status: "fulfilled", value: [1, 0] });
    const ids = await db.selectFrom("spend_log").select("id").where("account_id", "=", accountId).execute();
    if (dialect === "sqlite") expect(ids).toEqual([{ id: `spn_whole_${dialect}` }]);
    // PostgreSQL runs each statement at once on its own (no group): the first statement of the failing write stays.
    else expect(ids.map((r) => r.id).sort()).toEqual([`spn_half_${dialect}`, `spn_whole_${dialect}`]);
  });

  it("never runs a group or a read inside a transaction another caller has open: they wait, and see only what was committed", async () => {
    const user = await makeUser(desk.ctx);
    const accountId = `acct_open_trx_${dialect}`;
    const { db } = desk.ctx;
    let grouped: Promise<unknown> | null = null;
    let read: Promise<{ id: string }[]> | null = null;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto("spend_log").values({ id: `spn_rolled_back_${dialect}`, user_id: user.id, endpoint: "listNews", credits: 1, account_id: accountId, cached: 0, created_at: new Date(now).toISOString(), ist_hour: 1, request_id: null }).execute();
        grouped = recordSpend({ ctx: desk.ctx, entry: { userId: user.id, endpoint: "listNews", credits: 1, accountId, cached: false, requestId: "req_outside_trx" } });
        read = spendIds(db, accountId);
        // Let the group's turn come while this transaction is still open.
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error("roll this transaction back");
      }),
    ).rejects.toThrow("roll this transaction back");
    await grouped;
    // The read never saw the row the rolled-back transaction had written.
    const seen = ((await read) ?? []) as { id: string }[];
    expect(seen.map((r) => r.id)).not.toContain(`spn_rolled_back_${dialect}`);
    const rows = await db.selectFrom("spend_log").select(["id", "request_id"]).where("account_id", "=", accountId).execute();
    expect(rows).toEqual([{ id: expect.stringMatching(/^spn_/), request_id: "req_outside_trx" }]);
  });

  it("a charged call removes the outside row a ledger sync took for its request id, through the partial index", async () => {
    const user = await makeUser(desk.ctx);
    const accountId = `acct_twin_${dialect}`;
    await desk.ctx.db
      .insertInto("spend_log")
      .values({ id: "spn_outside_twin", user_id: "", endpoint: "listNews", credits: 1, account_id: accountId, cached: 0, created_at: new Date(now).toISOString(), ist_hour: 1, source: "outside", request_id: "req_twin" })
      .execute();
    await recordSpend({ ctx: desk.ctx, entry: { userId: user.id, endpoint: "listNews", credits: 1, accountId, cached: false, requestId: "req_twin" } });
    const rows = await desk.ctx.db.selectFrom("spend_log").select(["source", "user_id"]).where("account_id", "=", accountId).execute();
    expect(rows).toEqual([{ source: "desk", user_id: user.id }]);
    if (dialect === "sqlite") {
      const plan = await sql<{ detail: string }>`explain query plan delete from spend_log where account_id = ${accountId} and source = 'outside' and request_id = ${"req_twin"}`.execute(desk.ctx.db);
      expect(plan.rows.map((r) => r.detail).join(" ")).toContain("spend_log_outside_request");
    }
  });

  it("answers a cached body held in memory only while the row still has the fetched_at it came with", async () => {
    const key = requestKey(`account:acct_held_${dialect}`, "listNews", "GET", "/v1/news?limit=20");
    const first = new Date(now - 5_000);
    await writeCachedAnswer({ ctx: desk.ctx, entry: { key, accountId: `acct_held_${dialect}`, endpoint: "listNews", body: '{"v":1}', fetchedAt: first } });
    expect((await readCachedAnswer({ ctx: desk.ctx, key, freshnessSeconds: 60 }))?.body).toBe('{"v":1}');
    // Another instance refreshes the row behind this one's back: its body is read, not the one held here.
    const second = new Date(now - 1_000);
    await desk.ctx.db.updateTable("response_cache").set({ body: '{"v":2}', fetched_at: second.toISOString() }).where("cache_key", "=", key).execute();
    const hit = await readCachedAnswer({ ctx: desk.ctx, key, freshnessSeconds: 60 });
    expect(hit).toEqual({ body: '{"v":2}', fetchedAt: second });
    // The sweep removed it: a miss, whatever is held.
    await desk.ctx.db.deleteFrom("response_cache").where("cache_key", "=", key).execute();
    expect(await readCachedAnswer({ ctx: desk.ctx, key, freshnessSeconds: 60 })).toBeNull();
    // Freshness is still judged on every hit.
    await writeCachedAnswer({ ctx: desk.ctx, entry: { key, accountId: `acct_held_${dialect}`, endpoint: "listNews", body: '{"v":3}', fetchedAt: new Date(now) } });
    now += 61_000;
    expect(await readCachedAnswer({ ctx: desk.ctx, key, freshnessSeconds: 60 })).toBeNull();
  });

  it("a refresh bringing the body already stored moves only fetched_at; a row replaced meanwhile is written whole", async () => {
    const accountId = `acct_touch_${dialect}`;
    const key = requestKey(`account:${accountId}`, "listNews", "GET", "/v1/news?limit=7");
    const row = () => desk.ctx.db.selectFrom("response_cache").select(["body", "fetched_at"]).where("cache_key", "=", key).executeTakeFirstOrThrow();
    const write = (body: string, at: number) => writeCachedAnswer({ ctx: desk.ctx, entry: { key, accountId, endpoint: "listNews", body, fetchedAt: new Date(at) } });
    await write('{"v":1}', now - 3_000);
    await write('{"v":1}', now - 2_000);
    expect(await row()).toEqual({ body: '{"v":1}', fetched_at: new Date(now - 2_000).toISOString() });
    expect(await readCachedAnswer({ ctx: desk.ctx, key, freshnessSeconds: 60 })).toEqual({ body: '{"v":1}', fetchedAt: new Date(now - 2_000) });
    // Another instance stores another body; this one then refreshes with the body it holds: the row is written whole.
    await desk.ctx.db.updateTable("response_cache").set({ body: '{"v":2}', fetched_at: new Date(now - 1_500).toISOString() }).where("cache_key", "=", key).execute();
    await write('{"v":1}', now - 1_000);
    expect(await row()).toEqual({ body: '{"v":1}', fetched_at: new Date(now - 1_000).toISOString() });
    // A changed body is written whole too.
    await write('{"v":3}', now - 500);
    expect(await row()).toEqual({ body: '{"v":3}', fetched_at: new Date(now - 500).toISOString() });
    // The sweep removed the row: a refresh with the held body puts it back.
    await desk.ctx.db.deleteFrom("response_cache").where("cache_key", "=", key).execute();
    await write('{"v":3}', now);
    expect(await row()).toEqual({ body: '{"v":3}', fetched_at: new Date(now).toISOString() });
  });

  it("sends a held body's UTF-8 bytes encoded once, and never the bytes of a body it no longer holds", async () => {
    const accountId = `acct_bytes_${dialect}`;
    const key = requestKey(`account:${accountId}`, "listNews", "GET", "/v1/news?limit=9");
    const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
    await writeCachedAnswer({ ctx: desk.ctx, entry: { key, accountId, endpoint: "listNews", body: '{"title":"₹ results"}', fetchedAt: new Date(now - 2_000) } });
    const hit = await readCachedAnswer({ ctx: desk.ctx, key, freshnessSeconds: 60 });
    const bytes = heldBytes({ ctx: desk.ctx, key, body: hit!.body });
    expect(utf8(bytes)).toBe('{"title":"₹ results"}');
    expect(heldBytes({ ctx: desk.ctx, key, body: hit!.body })).toBe(bytes);
    // Another instance replaced the row: the hit reads the new body, and its bytes are the new body's.
    await desk.ctx.db.updateTable("response_cache").set({ body: '{"title":"new"}', fetched_at: new Date(now - 1_000).toISOString() }).where("cache_key", "=", key).execute();
    const replaced = await readCachedAnswer({ ctx: desk.ctx, key, freshnessSeconds: 60 });
    expect(utf8(heldBytes({ ctx: desk.ctx, key, body: replaced!.body }))).toBe('{"title":"new"}');
    // A body this process does not hold for the key is encoded, not taken from what it holds.
    expect(utf8(heldBytes({ ctx: desk.ctx, key, body: '{"title":"other"}' }))).toBe('{"title":"other"}');
  });

  it("sees a replaced or deleted vault key at once, though opened keys are remembered", async () => {
    const user = await makeUser(desk.ctx);
    await storeKeyUnchecked(desk.ctx, user.id, "ak_live_first_key_0001", "acct_first");
    expect(await withUserKey({ ctx: desk.ctx, userId: user.id })).toMatchObject({ apiKey: "ak_live_first_key_0001", accountId: "acct_first" });
    await desk.ctx.db
      .updateTable("alpha_keys")
      .set({ ciphertext: encryptSecret(desk.ctx.secrets.encryptionKey, "ak_live_second_key_02", user.id), account_id: "acct_second" })
      .where("user_id", "=", user.id)
      .execute();
    const second = await withUserKey({ ctx: desk.ctx, userId: user.id });
    expect(second).toMatchObject({ apiKey: "ak_live_second_key_02", accountId: "acct_second" });
    const first = await withUserKey({ ctx: desk.ctx, userId: user.id });
    expect(first.keyId).toBe(second.keyId);
    // A row copied to another user does not open for them, remembered or not.
    const other = await makeUser(desk.ctx);
    const { ciphertext } = await desk.ctx.db.selectFrom("alpha_keys").select("ciphertext").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    await desk.ctx.db.insertInto("alpha_keys").values({ user_id: other.id, ciphertext, last4: "ey02", account_id: "acct_second", account_name: null, plan: null, saved_at: new Date(now).toISOString() }).execute();
    await expect(withUserKey({ ctx: desk.ctx, userId: other.id })).rejects.toMatchObject({ code: "no_api_key" });
    await desk.ctx.db.deleteFrom("alpha_keys").where("user_id", "=", user.id).execute();
    await expect(withUserKey({ ctx: desk.ctx, userId: user.id })).rejects.toMatchObject({ code: "no_api_key" });
  });
});

describe.each(dialects)("the ledger's dedupe on %s, now that its unique index covers imported rows only", (dialect) => {
  it("imports a debit made outside the desk once, however often the sync runs from the start", async () => {
    const service = await startTestService();
    const desk = await createTestDesk({ dialect, config: { alphaBaseUrl: service.url } });
    try {
      const user = await makeUser(desk.ctx);
      const { accountId, key } = makeAccount(service);
      await storeKeyUnchecked(desk.ctx, user.id, key, accountId);
      const direct = await fetch(`${service.url}/v1/news?limit=5`, { headers: { "X-API-Key": key } });
      expect(direct.status).toBe(200);
      expect(await syncLedger({ ctx: desk.ctx, user, options: { force: true } })).toEqual({ imported: 1 });
      // The cursor lost: every debit of the day is read again, and the index keeps each one once.
      await desk.ctx.db.deleteFrom("ledger_cursor").execute();
      expect(await syncLedger({ ctx: desk.ctx, user, options: { force: true } })).toEqual({ imported: 0 });
      const outside = await desk.ctx.db.selectFrom("spend_log").select("id").where("account_id", "=", accountId).where("source", "=", "outside").execute();
      expect(outside).toHaveLength(1);
    } finally {
      await desk.close();
      await service.close();
    }
  });
});

describe("a second copy of these modules in the process (Next.js bundles them once per route layer)", () => {
  it("finds the SQLite connection of a database another copy opened: statements and group commits skip Kysely", async () => {
    const desk = await createTestDesk({ dialect: "sqlite" });
    try {
      const user = await makeUser(desk.ctx);
      vi.resetModules();
      const copy = await import("./precompiled");
      const copyDb = await import("./db");
      expect(copyDb.sqliteHandleOf(desk.ctx.db)).not.toBeNull();
      const count = copy.precompiled(1, (db: TestDesk["ctx"]["db"], accountId: string) =>
        db.selectFrom("spend_log").select((eb) => eb.fn.countAll<number>().as("n")).where("account_id", "=", accountId),
      );
      const insert = copy.precompiled(2, (db: TestDesk["ctx"]["db"], id: string, accountId: string) =>
        db.insertInto("spend_log").values({ id, user_id: user.id, endpoint: "listNews", credits: 0, account_id: accountId, cached: 1, created_at: new Date().toISOString(), ist_hour: 0, source: "desk" }),
      );
      const throughKysely = vi.spyOn(desk.ctx.db, "executeQuery");
      const viaKyselyTransaction = vi.spyOn(desk.ctx.db, "transaction");
      await Promise.all([
        copy.writeGrouped(desk.ctx, [insert.compile(desk.ctx.db, "spn_copy_1", "acct_copy")]),
        copy.writeGrouped(desk.ctx, [insert.compile(desk.ctx.db, "spn_copy_2", "acct_copy")]),
      ]);
      const [row] = await count(desk.ctx.db, "acct_copy");
      expect(Number(row?.n)).toBe(2);
      expect(throughKysely).not.toHaveBeenCalled();
      expect(viaKyselyTransaction).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
      await desk.close();
    }
  });
});
