import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDesk } from "@/test/support/desk";
import { createTestDesk } from "@/test/support/desk";
import { checkedAnswer, readCachedAnswer, writeCachedAnswer } from "./response-cache";

describe("the answers this process checked (checkedAnswer)", () => {
  let desk: TestDesk;
  beforeAll(async () => {
    desk = await createTestDesk();
  });
  afterAll(() => desk.close());

  const entry = (key: string, body: string, checkedBytes?: Uint8Array) => ({ key, accountId: "acc_1", endpoint: "listNews" as const, body, fetchedAt: new Date(), ...(checkedBytes ? { checkedBytes } : {}) });

  it("offers the text and bytes of an answer written with the upstream's checked bytes, and nothing for one written without", async () => {
    const { ctx } = desk;
    const text = '{"data":[],"has_next":false}';
    await writeCachedAnswer({ ctx, entry: entry("k1", text, Buffer.from(text)) });
    const held = checkedAnswer({ ctx, key: "k1" });
    expect(held?.text).toBe(text);
    expect(Buffer.from(held!.bytes).toString("utf8")).toBe(text);
    // The same body written again without checked bytes (the check changed the upstream's value): no longer offered.
    await writeCachedAnswer({ ctx, entry: entry("k1", text) });
    expect(checkedAnswer({ ctx, key: "k1" })).toBeNull();
    expect(checkedAnswer({ ctx, key: "never" })).toBeNull();
  });

  it("does not trust a body read from the database: another instance or an earlier desk wrote it", async () => {
    const { ctx } = desk;
    const mine = '{"data":[{"id":"n1"}],"has_next":false}';
    await writeCachedAnswer({ ctx, entry: entry("k2", mine, Buffer.from(mine)) });
    expect(checkedAnswer({ ctx, key: "k2" })).not.toBeNull();
    const theirs = '{"data":[{"id":"n2"}],"has_next":false}';
    await ctx.db.updateTable("response_cache").set({ body: theirs, fetched_at: new Date(Date.now() - 1000).toISOString() }).where("cache_key", "=", "k2").execute();
    expect((await readCachedAnswer({ ctx, key: "k2", freshnessSeconds: 60 }))?.body).toBe(theirs);
    expect(checkedAnswer({ ctx, key: "k2" })).toBeNull();
  });

  it("holds bytes read from a socket as their own copy, not the larger buffer they are a view of", async () => {
    const { ctx } = desk;
    const text = '{"data":[],"has_next":true}';
    const read = Buffer.from(`HTTP/1.1 200 OK\r\n\r\n${text}`);
    const view = read.subarray(read.length - text.length);
    await writeCachedAnswer({ ctx, entry: entry("k3", text, view) });
    const held = checkedAnswer({ ctx, key: "k3" })!;
    expect(held.bytes.byteLength).toBe(text.length);
    expect(held.bytes.buffer.byteLength).toBe(text.length);
    expect(Buffer.from(held.bytes).toString("utf8")).toBe(text);
  });
});

describe("refreshes that bring the body already stored (writeCachedAnswer)", () => {
  let desk: TestDesk;
  beforeAll(async () => {
    desk = await createTestDesk();
  });
  afterAll(() => desk.close());

  it("only move the row's time, even when several are committed together, and a changed body is written whole", async () => {
    const { ctx } = desk;
    // Every write of a body into the cache, counted by the database itself (a temporary trigger on this connection).
    await sql`create temp table body_writes (cache_key text)`.execute(ctx.db);
    await sql`create temp trigger body_insert after insert on response_cache begin insert into body_writes values (new.cache_key); end`.execute(ctx.db);
    await sql`create temp trigger body_update after update of body on response_cache begin insert into body_writes values (new.cache_key); end`.execute(ctx.db);
    const writes = async () => (await sql<{ n: number }>`select count(*) as n from body_writes`.execute(ctx.db)).rows[0]!.n;
    const body = `{"data":[${'{"id":"n1","headline":"x"},'.repeat(400)}{"id":"n2"}],"has_next":false}`;
    const base = Date.now() - 60_000;
    const write = (seconds: number, text = body) =>
      writeCachedAnswer({ ctx, entry: { key: "refreshed", accountId: "acc_1", endpoint: "listNews", body: text, fetchedAt: new Date(base + seconds * 1000), checkedBytes: Buffer.from(text) } });
    await write(0);
    expect(await writes()).toBe(1);
    await Promise.all([write(3), write(1), write(2)]);
    await write(4);
    expect(await writes()).toBe(1);
    expect(await readCachedAnswer({ ctx, key: "refreshed", freshnessSeconds: 300 })).toEqual({ body, fetchedAt: new Date(base + 4000) });
    expect(checkedAnswer({ ctx, key: "refreshed" })?.text).toBe(body);
    await write(5, '{"data":[],"has_next":false}');
    expect(await writes()).toBe(2);
  });
});
