import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "../identity/key-vault";
import { readCachedAnswer, requestKey, writeCachedAnswer } from "../upstream/response-cache";
import { getSpendByUser, getSpendSeries, istHourOf, recordSpend } from "../records/spend";
import type { TestDesk, TestDialect } from "@/test/support/desk";
import { makeUser, postgresAvailable, randomName, storeKeyUnchecked, TEST_DATABASE_URL, withDesk } from "@/test/support/desk";
import { countUsers, createFirstAdmin, createUser, getUserById, listUsers, setUserDisabled, setUserRole } from "../identity/users";

const pgUp = await postgresAvailable(process.env.TEST_DATABASE_URL ?? TEST_DATABASE_URL);
if (!pgUp && process.env.CI) throw new Error("PostgreSQL must be reachable at 127.0.0.1:5432 in CI for the desk storage tests");
if (!pgUp) console.warn("PostgreSQL at 127.0.0.1:5432 is not reachable: the PostgreSQL storage tests are skipped");

const dialects: TestDialect[] = pgUp ? ["sqlite", "postgres"] : ["sqlite"];

describe.each(dialects)("desk storage on %s", (dialect) => {
  let desk: TestDesk;
  let now = new Date("2026-05-11T10:00:00+05:30").getTime();
  withDesk((d) => (desk = d), { dialect, now: () => new Date(now) });

  it("applies the migrations once and can be reopened", async () => {
    const tables = ["users", "sign_in_failures", "alpha_keys", "spend_log", "response_cache", "desk_meta"];
    const found = (await desk.ctx.db.introspection.getTables()).map((t) => t.name);
    for (const t of tables) expect(found).toContain(t);
  });

  it("makes exactly one first admin out of concurrent sign-ups", async () => {
    const attempts = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => createFirstAdmin({ input: { email: `${randomName(`first${i}`)}@example.test`, name: `First ${i}`, password: "correct horse battery" }, ctx: desk.ctx })),
    );
    const won = attempts.filter((a) => a.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const a of attempts) if (a.status === "rejected") expect(a.reason).toMatchObject({ code: "setup_complete", status: 409 });
    expect(await countUsers({ ctx: desk.ctx })).toBe(1);
    const admin = (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof createFirstAdmin>>>).value;
    expect(admin.role).toBe("admin");
    await expect(createFirstAdmin({ input: { email: `${randomName("late")}@example.test`, name: "Late", password: "correct horse battery" }, ctx: desk.ctx })).rejects.toMatchObject({ code: "setup_complete" });
  });

  it("lets admins add users, set roles and disable them, keeping one active admin", async () => {
    const [admin] = (await listUsers({ user: { id: "x", email: "x", name: "x", role: "admin" }, ctx: desk.ctx })).filter((u) => u.role === "admin");
    if (!admin) throw new Error("no admin");
    const member = await createUser({ user: admin, input: { email: `${randomName("Member")}@Example.test`, name: "M", password: "long enough pw" }, ctx: desk.ctx });
    expect(member).toMatchObject({ role: "member", disabled: false, hasKey: false });
    expect(member.email).toBe(member.email.toLowerCase());
    await expect(createUser({ user: admin, input: { email: member.email.toUpperCase(), name: "Again", password: "long enough pw" }, ctx: desk.ctx })).rejects.toMatchObject({ code: "email_taken", status: 409 });
    await expect(createUser({ user: member, input: { email: `${randomName("x")}@example.test`, name: "X", password: "long enough pw" }, ctx: desk.ctx })).rejects.toMatchObject({ status: 403 });
    await expect(createUser({ user: admin, input: { email: "not-an-email", name: "X", password: "short" }, ctx: desk.ctx })).rejects.toMatchObject({ code: "invalid_body", status: 400 });

    await expect(setUserRole({ user: admin, userId: admin.id, role: "member", ctx: desk.ctx })).rejects.toMatchObject({ code: "cannot_change_self" });
    await expect(setUserDisabled({ user: admin, userId: admin.id, disabled: true, ctx: desk.ctx })).rejects.toMatchObject({ code: "cannot_change_self" });
    const promoted = await setUserRole({ user: admin, userId: member.id, role: "admin", ctx: desk.ctx });
    expect(promoted.role).toBe("admin");
    // The promoted admin may demote the first; then the last active admin cannot be demoted by anyone else.
    const demotedFirst = await setUserRole({ user: promoted, userId: admin.id, role: "member", ctx: desk.ctx });
    expect(demotedFirst.role).toBe("member");
    const outsider = { id: "someone-else", email: "o@example.test", name: "O", role: "admin" as const };
    await expect(setUserRole({ user: outsider, userId: promoted.id, role: "member", ctx: desk.ctx })).rejects.toMatchObject({ code: "last_admin", status: 409 });
    await expect(setUserDisabled({ user: outsider, userId: promoted.id, disabled: true, ctx: desk.ctx })).rejects.toMatchObject({ code: "last_admin" });
    const disabled = await setUserDisabled({ user: promoted, userId: admin.id, disabled: true, ctx: desk.ctx });
    expect(disabled.disabled).toBe(true);
    expect((await getUserById({ id: admin.id, ctx: desk.ctx }))?.disabled).toBe(true);
    await setUserDisabled({ user: promoted, userId: admin.id, disabled: false, ctx: desk.ctx });
    await setUserRole({ user: promoted, userId: admin.id, role: "admin", ctx: desk.ctx });
  });

  it("stores keys encrypted and bound to their user", async () => {
    const user = await makeUser(desk.ctx);
    const key = `ak_live_${randomName("k")}`;
    await storeKeyUnchecked(desk.ctx, user.id, key, "acc_1");
    const row = await desk.ctx.db.selectFrom("alpha_keys").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.ciphertext).not.toContain(key);
    expect(row.last4).toBe(key.slice(-4));
    expect(decryptSecret(desk.ctx.secrets.encryptionKey, row.ciphertext, user.id)).toBe(key);
    expect(() => decryptSecret(desk.ctx.secrets.encryptionKey, row.ciphertext, "another-user")).toThrow();
    expect((await getUserById({ id: user.id, ctx: desk.ctx }))?.hasKey).toBe(true);
    expect(encryptSecret(desk.ctx.secrets.encryptionKey, key, user.id)).not.toBe(row.ciphertext);
  });

  it("keeps cached answers per request key with their fetch time", async () => {
    const key = requestKey("acc_a", "listAlerts", "GET", "/v1/alerts?limit=5");
    expect(requestKey("acc_b", "listAlerts", "GET", "/v1/alerts?limit=5")).not.toBe(key);
    await writeCachedAnswer({ ctx: desk.ctx, entry: { key, accountId: "acc_a", endpoint: "listAlerts", body: '{"data":[1]}', fetchedAt: new Date(now) } });
    expect(await readCachedAnswer({ ctx: desk.ctx, key, freshnessSeconds: 60 })).toMatchObject({ body: '{"data":[1]}' });
    now += 61_000;
    expect(await readCachedAnswer({ ctx: desk.ctx, key, freshnessSeconds: 60 })).toBeNull();
    await writeCachedAnswer({ ctx: desk.ctx, entry: { key, accountId: "acc_a", endpoint: "listAlerts", body: '{"data":[2]}', fetchedAt: new Date(now) } });
    expect((await readCachedAnswer({ ctx: desk.ctx, key, freshnessSeconds: 60 }))?.body).toBe('{"data":[2]}');
  });

  it("moves a cached answer's time on a refresh that brought the same body, never back, and writes a changed body whole", async () => {
    const key = requestKey("acc_a", "listNews", "GET", "/v1/news?limit=3");
    const at = (seconds: number) => new Date(now - 10_000 + seconds * 1000);
    const body = '{"data":[{"id":"n1"}],"has_next":false}';
    const entry = (fetchedAt: Date, text = body) => ({ key, accountId: "acc_a", endpoint: "listNews" as const, body: text, fetchedAt });
    const row = async () => desk.ctx.db.selectFrom("response_cache").select(["body", "fetched_at"]).where("cache_key", "=", key).executeTakeFirstOrThrow();
    await writeCachedAnswer({ ctx: desk.ctx, entry: entry(at(0)) });
    // Two refreshes in flight at once, committed together, the later answer's write first.
    await Promise.all([writeCachedAnswer({ ctx: desk.ctx, entry: entry(at(2)) }), writeCachedAnswer({ ctx: desk.ctx, entry: entry(at(1)) })]);
    expect(await row()).toEqual({ body, fetched_at: at(2).toISOString() });
    expect(await readCachedAnswer({ ctx: desk.ctx, key, freshnessSeconds: 60 })).toEqual({ body, fetchedAt: at(2) });
    // Another instance stored another body: a refresh bringing ours writes it whole, with its own time.
    const theirs = '{"data":[{"id":"n2"}],"has_next":false}';
    await desk.ctx.db.updateTable("response_cache").set({ body: theirs, fetched_at: at(3).toISOString() }).where("cache_key", "=", key).execute();
    await writeCachedAnswer({ ctx: desk.ctx, entry: entry(at(4)) });
    expect(await row()).toEqual({ body, fetched_at: at(4).toISOString() });
    // Swept meanwhile: written again.
    await desk.ctx.db.deleteFrom("response_cache").where("cache_key", "=", key).execute();
    await writeCachedAnswer({ ctx: desk.ctx, entry: entry(at(5)) });
    expect(await row()).toEqual({ body, fetched_at: at(5).toISOString() });
  });

  it("sums spend by IST hour and IST day, per user and for everyone", async () => {
    const a = await makeUser(desk.ctx);
    const b = await makeUser(desk.ctx);
    now = new Date("2026-05-12T09:10:00+05:30").getTime();
    await recordSpend({ ctx: desk.ctx, entry: { userId: a.id, endpoint: "listAlerts", credits: 5, accountId: "acc", cached: false } });
    await recordSpend({ ctx: desk.ctx, entry: { userId: a.id, endpoint: "listNews", credits: 1, accountId: "acc", cached: false } });
    now = new Date("2026-05-12T10:40:00+05:30").getTime();
    await recordSpend({ ctx: desk.ctx, entry: { userId: a.id, endpoint: "listAlerts", credits: 5, accountId: "acc", cached: false } });
    await recordSpend({ ctx: desk.ctx, entry: { userId: a.id, endpoint: "listAlerts", credits: 0, accountId: "acc", cached: true } });
    await recordSpend({ ctx: desk.ctx, entry: { userId: b.id, endpoint: "listConcalls", credits: 7, accountId: "acc2", cached: false } });
    now = new Date("2026-05-12T11:05:00+05:30").getTime();

    const day = await getSpendSeries({ input: { userId: a.id, range: "24h" }, ctx: desk.ctx });
    expect(day.granularity).toBe("hour");
    expect(day.buckets).toHaveLength(24);
    expect(day.total).toBe(11);
    expect(day.byEndpoint).toEqual({ listAlerts: 10, listNews: 1 });
    const last = day.buckets.at(-1);
    expect(last?.start).toBe(new Date("2026-05-12T11:00:00+05:30").toISOString());
    const nine = day.buckets.find((bk) => bk.start === new Date("2026-05-12T09:00:00+05:30").toISOString());
    expect(nine?.byEndpoint).toEqual({ listAlerts: 5, listNews: 1 });
    expect(istHourOf(new Date("2026-05-12T09:59:59+05:30"))).toBe(istHourOf(new Date("2026-05-12T09:00:00+05:30")));

    const week = await getSpendSeries({ input: { all: true, range: "7d" }, ctx: desk.ctx });
    expect(week.granularity).toBe("day");
    expect(week.buckets).toHaveLength(7);
    expect(week.buckets.at(-1)?.start).toBe(new Date("2026-05-12T00:00:00+05:30").toISOString());
    expect(week.buckets.at(-1)?.byEndpoint).toMatchObject({ listAlerts: 10, listNews: 1, listConcalls: 7 });
    expect((await getSpendSeries({ input: { all: true, range: "30d" }, ctx: desk.ctx })).buckets).toHaveLength(30);

    const byUser = await getSpendByUser({ range: "24h", ctx: desk.ctx });
    expect(byUser.find((u) => u.userId === a.id)).toMatchObject({ credits: 11, calls: 4, cachedCalls: 1 });
    expect(byUser.find((u) => u.userId === b.id)).toMatchObject({ credits: 7, calls: 1 });
  });
});
