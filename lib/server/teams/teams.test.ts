import { deskRoute } from "../routes";
import { afterEach, describe, expect, it } from "vitest";
import { createAlphaClient } from "@/lib/alpha/client";
import { isAlphaError } from "@/lib/alpha/errors";
import type { RunningServer } from "../core/embedded-service";
import { getAlphaKeyStatus, withUserKey } from "../identity/key-vault";
import { saveAlphaKey } from "../upstream/stored-keys";
import type { SessionUser } from "../identity/users";
import { updateUser } from "../identity/users";
import { getSummary } from "../records/summaries";
import { addWatchlistItems, createWatchlist, findWatchlist, listWatchlists, setWatchlistSharing } from "../portfolio/watchlists";
import type { TestDesk, TestDialect } from "@/test/support/desk";
import { browserRequest, createTestDesk, makeAccount, makeUser, postgresAvailable, withService } from "@/test/support/desk";
import { auditCsv, listAudit } from "./audit";
import { acceptInvite, createInvite, inviteTokenHash } from "./invites";
import { updateMember, writeSeat } from "./members";
import { deleteOrgKey } from "./org-key";
import { saveOrganisationKey } from "../upstream/stored-keys";
import { countedToday } from "./seats";
import { teamsDb } from "../core/teams-tables";
import { newSequentialId } from "../core/ids";
import { getTeamView } from "../money/team-view";
import { getUsageSnapshot } from "../money/usage";

let service: RunningServer;
withService((started) => (service = started));
// Every desk is closed (its PostgreSQL schema dropped) even when a test fails half-way.
const open: TestDesk[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.close().catch(() => undefined)));
});

type Answer = { status: number; body: { data?: unknown; meta?: { creditsCharged: number; recordId: string | null }; error?: { code: string; message: string; details?: Record<string, unknown> } } };

async function call(desk: TestDesk, user: SessionUser, path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await deskRoute("alphaGet", { ctx: desk.ctx })(await browserRequest(desk.ctx, user, `/api/alpha${path}`, init));
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

async function usage(key: string) {
  return (await createAlphaClient({ baseUrl: service.url, apiKey: key }).getAccountUsage({})).data.data;
}

/** A desk with a team: an admin who stored the organisation key of a fresh account, and `members` members without keys. */
async function team(dialect: TestDialect, members = 2) {
  const desk = await createTestDesk({ dialect, config: { alphaBaseUrl: service.url } });
  open.push(desk);
  const { key, accountId } = makeAccount(service);
  const admin = await makeUser(desk.ctx, "admin");
  await saveOrganisationKey({ ctx: desk.ctx, user: admin, input: { key } });
  const people: SessionUser[] = [];
  for (let i = 0; i < members; i++) people.push(await makeUser(desk.ctx));
  return { desk, key, accountId, admin, members: people };
}

const dialects: TestDialect[] = ["sqlite"];
if (await postgresAvailable()) dialects.push("postgres");

describe.each(dialects)("allowances on the organisation key (%s)", (dialect) => {
  it("50 concurrent paid requests by one member never take them past their allowance, and the ledger agrees", async () => {
    const { desk, key, members } = await team(dialect, 1);
    const member = members[0]!;
    const allowance = 23;
    await writeSeat({ ctx: desk.ctx, input: { userId: member.id, seat: { dailyAllowance: allowance, actions: ["data", "summaries", "batch_jobs"] } } });
    expect((await withUserKey({ ctx: desk.ctx, userId: member.id })).source).toBe("organisation");
    const before = await usage(key);

    // fresh=1: no cache, no merging, so every request is its own paid call, all at once.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? call(desk, member, "/v1/news?limit=5&fresh=1")
          : call(desk, member, "/v1/daily-summary/?fresh=1", {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify({ symbols: ["TCS", "INFY", "RELIANCE"], mode: "news_context", context_window_days: 7 }),
            }),
      ),
    );
    const after = await usage(key);
    const spent = after.debited_today - before.debited_today;
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 402);
    expect(ok.length + refused.length).toBe(50);
    expect(ok.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.body.error?.code).toBe("allowance_exceeded");
      expect(r.body.error?.details).toMatchObject({ allowance });
      expect(r.body.error?.message).toMatch(/left today/);
    }
    // The service's ledger: never past the allowance; the desk counted exactly what the service charged.
    expect(spent).toBeLessThanOrEqual(allowance);
    expect(before.balance - after.balance).toBe(spent);
    expect(ok.reduce((sum, a) => sum + (a.body.meta?.creditsCharged ?? 0), 0)).toBe(spent);
    expect((await countedToday({ ctx: desk.ctx })).get(member.id)).toBe(spent);
  });

  it("a member's gauge shows what they spent today, not the team's; the two members and the admin add up to the ledger", async () => {
    const { desk, key, members, admin } = await team(dialect, 2);
    const [alice, bob] = [members[0]!, members[1]!];
    const before = await usage(key);
    const a = await call(desk, alice, "/v1/news?symbols=TCS&limit=3&fresh=1");
    const b = await call(desk, bob, "/v1/news?symbols=INFY&limit=5&fresh=1");
    const c = await call(desk, admin, "/v1/news?symbols=WIPRO&limit=2&fresh=1");
    const credits = (x: Answer) => x.body.meta?.creditsCharged ?? 0;
    expect(credits(a)).toBeGreaterThan(0);
    const aliceView = await getUsageSnapshot({ ctx: desk.ctx, user: alice });
    const bobView = await getUsageSnapshot({ ctx: desk.ctx, user: bob });
    expect(aliceView.seat?.spentToday).toBe(credits(a));
    expect(bobView.seat?.spentToday).toBe(credits(b));
    const spent = (await usage(key)).debited_today - before.debited_today;
    expect(credits(a) + credits(b) + credits(c)).toBe(spent);
  });

  it("a member at their allowance is refused before anything is sent; an action outside their seat is refused too", async () => {
    const { desk, key, members, admin } = await team(dialect, 1);
    const member = members[0]!;
    await updateMember({ ctx: desk.ctx, user: admin, input: { userId: member.id, change: { dailyAllowance: 5, actions: ["data"] } } });
    // Within the allowance a call goes through and counts what it was charged (a page of news: 1 credit).
    const first = await call(desk, member, "/v1/news?limit=5");
    expect(first.status).toBe(200);
    expect((await countedToday({ ctx: desk.ctx })).get(member.id)).toBe(first.body.meta?.creditsCharged);
    // A summary costs up to 5: more than what is left.
    const left = 5 - (first.body.meta?.creditsCharged ?? 0);
    await updateMember({ ctx: desk.ctx, user: admin, input: { userId: member.id, change: { actions: ["data", "summaries"] } } });
    const before = await usage(key);
    const refused = await call(desk, member, "/v1/daily-summary/", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ symbols: ["TCS"] }) });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({ code: "allowance_exceeded", details: { allowance: 5, remaining: left, price: 5 } });
    expect(refused.body.error?.message).toContain(`${left} of 5 credits left`);
    const form = new FormData();
    form.set("file", new Blob([`${JSON.stringify({ custom_id: "a", symbols: ["TCS"] })}\n`]), "a.jsonl");
    const batch = await call(desk, member, "/v1/batch/jobs", { method: "POST", body: form });
    expect(batch.status).toBe(403);
    expect(batch.body.error?.code).toBe("action_not_permitted");
    // Nothing reached the service: the balance and the day's debits are as they were.
    const after = await usage(key);
    expect(after.balance).toBe(before.balance);
    expect(after.debited_today).toBe(before.debited_today);
  });
});

describe("visibility of what members make with the organisation key", () => {
  it("a member never sees another member's batch job or summary, by URL or API; admins see all", async () => {
    const { desk, members, admin } = await team("sqlite", 2);
    const [alice, bob] = [members[0]!, members[1]!];
    const form = new FormData();
    form.set("file", new Blob([`${JSON.stringify({ custom_id: "alice-line", symbols: ["TCS"] })}\n`]), "alice.jsonl");
    const submitted = await call(desk, alice, "/v1/batch/jobs", { method: "POST", body: form });
    expect(submitted.status).toBe(200);
    const jobId = (submitted.body.data as { id: string }).id;

    for (const path of [`/v1/batch/jobs/${jobId}`, `/v1/batch/jobs/${jobId}/results`]) {
      const seen = await call(desk, bob, path);
      expect(seen.status, path).toBe(404);
      expect(seen.body.data).toBeUndefined();
    }
    const cancel = await call(desk, bob, `/v1/batch/jobs/${jobId}`, { method: "DELETE" });
    expect(cancel.status).toBe(404);
    const download = await deskRoute("downloadBatchResults", { ctx: desk.ctx })(await browserRequest(desk.ctx, bob, `/api/batches/${jobId}/results.jsonl`), { params: { id: jobId } });
    expect(download.status).toBe(404);
    const bobsList = await call(desk, bob, "/v1/batch/jobs");
    expect((bobsList.body.data as { data: { id: string }[] }).data.map((j) => j.id)).not.toContain(jobId);

    const alicesList = await call(desk, alice, "/v1/batch/jobs");
    expect((alicesList.body.data as { data: { id: string }[] }).data.map((j) => j.id)).toEqual([jobId]);
    expect((await call(desk, alice, `/v1/batch/jobs/${jobId}`)).status).toBe(200);
    expect((await call(desk, admin, `/v1/batch/jobs/${jobId}`)).status).toBe(200);

    const summary = await call(desk, alice, "/v1/daily-summary/", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ symbols: ["TCS"], mode: "exposure" }),
    });
    expect(summary.status).toBe(200);
    const recordId = summary.body.meta?.recordId;
    expect(recordId).toBeTruthy();
    await expect(getSummary({ ctx: desk.ctx, user: bob, id: recordId! })).rejects.toMatchObject({ code: "not_found" });
    expect((await getSummary({ ctx: desk.ctx, user: admin, id: recordId! })).id).toBe(recordId);

    // The admin's view shows it in Alice's spend, by endpoint.
    const view = await getTeamView({ ctx: desk.ctx, user: admin });
    const row = view.members.find((m) => m.userId === alice.id);
    expect(row?.byEndpoint.createBatchJob).toBeGreaterThan(0);
    expect(row?.keySource).toBe("organisation");
    expect(view.members.find((m) => m.userId === bob.id)?.spentToday).toBe(0);
  });

  it("a personal key takes precedence over the organisation's, and the key status says which is used", async () => {
    const { desk, members } = await team("sqlite", 1);
    const member = members[0]!;
    expect((await getAlphaKeyStatus({ ctx: desk.ctx, userId: member.id })).source).toBe("organisation");
    expect((await getAlphaKeyStatus({ ctx: desk.ctx, userId: member.id })).last4).toBeNull();
    const own = makeAccount(service);
    await saveAlphaKey({ ctx: desk.ctx, userId: member.id, key: own.key });
    expect(await withUserKey({ ctx: desk.ctx, userId: member.id })).toMatchObject({ source: "personal", accountId: own.accountId });
    expect((await getAlphaKeyStatus({ ctx: desk.ctx, userId: member.id })).source).toBe("personal");
  });

  it("a shared watchlist is seen by the team, read-only or editable as its owner says", async () => {
    const { desk, members } = await team("sqlite", 2);
    const [owner, mate] = [members[0]!, members[1]!];
    const list = await createWatchlist({ ctx: desk.ctx, user: owner, input: { name: "Desk book", items: [{ symbol: "TCS" }] } });
    expect(await findWatchlist({ ctx: desk.ctx, user: mate, id: list.id })).toBeNull();
    await setWatchlistSharing({ ctx: desk.ctx, user: owner, input: { id: list.id, sharing: "team_read" } });
    const seen = await findWatchlist({ ctx: desk.ctx, user: mate, id: list.id });
    expect(seen).toMatchObject({ sharing: "team_read", canEdit: false, owner: { id: owner.id } });
    expect((await listWatchlists({ ctx: desk.ctx, user: mate })).map((w) => w.id)).toContain(list.id);
    await expect(addWatchlistItems({ ctx: desk.ctx, user: mate, id: list.id, input: { items: [{ symbol: "INFY" }] } })).rejects.toMatchObject({ code: "forbidden" });
    await expect(setWatchlistSharing({ ctx: desk.ctx, user: mate, input: { id: list.id, sharing: "team_edit" } })).rejects.toMatchObject({ code: "not_found" });
    await setWatchlistSharing({ ctx: desk.ctx, user: owner, input: { id: list.id, sharing: "team_edit" } });
    const edited = await addWatchlistItems({ ctx: desk.ctx, user: mate, id: list.id, input: { items: [{ symbol: "INFY" }] } });
    expect(edited.items.map((i) => i.symbol)).toEqual(["TCS", "INFY"]);
  });
});

describe("membership and the audit log", () => {
  it("an invite signs up exactly one person, is kept hashed, and expires", async () => {
    const { desk, admin } = await team("sqlite", 0);
    const invite = await createInvite({ ctx: desk.ctx, user: admin, input: { invite: { role: "member", dailyAllowance: 40, actions: ["summaries"], note: "new analyst" }, origin: "http://desk.test" } });
    const token = new URL(invite.url).hash.slice(1);
    expect(invite.url).toBe(`http://desk.test/join#${token}`);
    const stored = await teamsDb({ ctx: desk.ctx }).selectFrom("invites").selectAll().where("id", "=", invite.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.token_hash).toBe(inviteTokenHash(token));

    const signUp = (email: string) => acceptInvite({ ctx: desk.ctx, input: { token, email, name: "New analyst", password: "a-long-password" } });
    const results = await Promise.allSettled([signUp("one@example.test"), signUp("two@example.test")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected");
    expect(rejected && isAlphaError(rejected.reason) ? rejected.reason.code : null).toBe("invite_invalid");
    const joined = (results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<SessionUser>).value;
    const view = await getTeamView({ ctx: desk.ctx, user: admin });
    expect(view.members.find((m) => m.userId === joined.id)?.seat).toEqual({ dailyAllowance: 40, actions: ["summaries"] });

    const old = await createInvite({ ctx: { ...desk.ctx, now: () => new Date(Date.now() - 25 * 3_600_000) }, user: admin, input: { invite: {}, origin: "http://desk.test" } });
    await expect(acceptInvite({ ctx: desk.ctx, input: { token: new URL(old.url).hash.slice(1), email: "late@example.test", name: "Late", password: "a-long-password" } })).rejects.toMatchObject({
      code: "invite_invalid",
    });
  });

  it("an admin revokes an open invite (DELETE), and an invite dies with its maker's admin rights", async () => {
    const { desk, admin } = await team("sqlite", 0);
    const make = async (maker: SessionUser, role: "admin" | "member") => {
      const invite = await createInvite({ ctx: desk.ctx, user: maker, input: { invite: { role }, origin: "http://desk.test" } });
      return { ...invite, token: new URL(invite.url).hash.slice(1) };
    };
    const join = (token: string, email: string) => acceptInvite({ ctx: desk.ctx, input: { token, email, name: "Joiner", password: "a-long-password" } });

    // Revoked through the route, as the invites card does: listed as revoked, its link refused, the revocation audited.
    const open = await make(admin, "member");
    expect(Date.parse(open.expiresAt) - Date.parse(open.createdAt)).toBe(24 * 3_600_000);
    const revoke = deskRoute("revokeInvite", { ctx: desk.ctx });
    const response = await revoke(await browserRequest(desk.ctx, admin, `/api/team/invites/${open.id}`, { method: "DELETE" }));
    expect(response.status).toBe(200);
    const revoked = ((await response.json()) as { data: { revokedAt: string | null } }).data;
    expect(revoked.revokedAt).not.toBeNull();
    await expect(join(open.token, "revoked@example.test")).rejects.toMatchObject({ code: "invite_invalid" });
    expect((await listAudit({ ctx: desk.ctx, user: admin })).entries.some((e) => e.action === "invite.revoked")).toBe(true);
    // A member may not revoke; a used or unknown invite is a 404.
    const member = await makeUser(desk.ctx);
    const other = await make(admin, "member");
    expect((await revoke(await browserRequest(desk.ctx, member, `/api/team/invites/${other.id}`, { method: "DELETE" }))).status).toBe(403);
    await join(other.token, "joined@example.test");
    expect((await revoke(await browserRequest(desk.ctx, admin, `/api/team/invites/${other.id}`, { method: "DELETE" }))).status).toBe(404);
    expect((await revoke(await browserRequest(desk.ctx, admin, "/api/team/invites/inv_nope", { method: "DELETE" }))).status).toBe(404);

    // An admin invite made by an admin who is then demoted (or disabled) makes no admin: it is void.
    const second = await makeUser(desk.ctx, "admin");
    const byDemoted = await make(second, "admin");
    const byDisabled = await make(second, "member");
    await updateMember({ ctx: desk.ctx, user: admin, input: { userId: second.id, change: { role: "member" } } });
    await expect(join(byDemoted.token, "would-be-admin@example.test")).rejects.toMatchObject({ code: "invite_invalid" });
    await updateMember({ ctx: desk.ctx, user: admin, input: { userId: second.id, change: { role: "admin" } } });
    await updateUser({ ctx: desk.ctx, user: admin, userId: second.id, input: { disabled: true } });
    await expect(join(byDisabled.token, "would-be-member@example.test")).rejects.toMatchObject({ code: "invite_invalid" });
    const emails = (await teamsDb({ ctx: desk.ctx }).selectFrom("users").select("email").execute()).map((u) => u.email);
    expect(emails).not.toContain("would-be-admin@example.test");
    expect(emails).not.toContain("would-be-member@example.test");
  });

  it("every change to keys, roles and allowances is in the audit log, readable by admins and exported as CSV", async () => {
    const { desk, admin, members, key } = await team("sqlite", 1);
    const member = members[0]!;
    await updateMember({ ctx: desk.ctx, user: admin, input: { userId: member.id, change: { dailyAllowance: 100 } } });
    await updateMember({ ctx: desk.ctx, user: admin, input: { userId: member.id, change: { role: "admin" } } });
    await updateMember({ ctx: desk.ctx, user: admin, input: { userId: member.id, change: { role: "member", actions: ["data"] } } });
    await deleteOrgKey({ ctx: desk.ctx, user: admin });
    const { entries } = await listAudit({ ctx: desk.ctx, user: admin });
    expect(entries.map((e) => e.action).sort()).toEqual(["member.actions", "member.allowance", "member.role", "member.role", "org_key.deleted", "org_key.saved"]);
    expect(entries.find((e) => e.action === "member.allowance")?.change).toBe("daily allowance no allowance → 100 credits a day");
    expect(JSON.stringify(entries)).not.toContain(key);
    const csv = await auditCsv({ ctx: desk.ctx, user: admin });
    expect(csv.split("\r\n")[0]).toBe("time (IST),actor,action,target,change");
    expect(csv.trim().split("\r\n")).toHaveLength(7);
    await expect(listAudit({ ctx: desk.ctx, user: member })).rejects.toMatchObject({ code: "forbidden" });
  });

  it("a flood of 5,100 changes after a key change never hides it: the log pages through all of it, filters find it, the CSV holds it", async () => {
    const { desk, admin, members } = await team("sqlite", 1);
    const member = members[0]!;
    await updateMember({ ctx: desk.ctx, user: admin, input: { userId: member.id, change: { dailyAllowance: 5 } } });
    const t0 = Date.now();
    const flood = Array.from({ length: 5_100 }, (_, i) => ({
      id: newSequentialId("aud", t0 + 1 + i),
      at: new Date(t0 + 1 + i).toISOString(),
      actor_id: member.id,
      actor: member.email,
      action: "personal_key.saved" as const,
      target: `=HYPERLINK("x${i}")`,
      change: "flood",
    }));
    for (let i = 0; i < flood.length; i += 500) await teamsDb({ ctx: desk.ctx }).insertInto("audit_log").values(flood.slice(i, i + 500)).execute();

    // Walked page by page, newest first, every entry comes once, the allowance change last.
    const seen: string[] = [];
    let before: string | undefined;
    for (let pages = 0; pages < 100; pages++) {
      const page = await listAudit({ ctx: desk.ctx, user: admin, input: { limit: 200, ...(before ? { before } : {}) } });
      seen.push(...page.entries.map((e) => e.id));
      if (!page.nextBefore) break;
      before = page.nextBefore;
    }
    expect(seen).toHaveLength(5_100 + 2);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort().reverse()).toEqual(seen);

    // Filters: by what (the access changes of the admin), by who, by IST day; a bad filter is a 400.
    const byAdmin = await listAudit({ ctx: desk.ctx, user: admin, input: { actor: admin.email } });
    expect(byAdmin.entries.map((e) => e.action).sort()).toEqual(["member.allowance", "org_key.saved"]);
    const allowance = await listAudit({ ctx: desk.ctx, user: admin, input: { action: "member.allowance" } });
    expect(allowance.entries).toHaveLength(1);
    const access = await listAudit({ ctx: desk.ctx, user: admin, input: { action: "access", limit: 10 } });
    expect(access.entries).toHaveLength(10);
    const tomorrow = new Date(Date.now() + 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);
    expect((await listAudit({ ctx: desk.ctx, user: admin, input: { from: tomorrow } })).entries).toEqual([]);
    const route = deskRoute("listAudit", { ctx: desk.ctx });
    expect((await route(await browserRequest(desk.ctx, admin, "/api/team/audit?from=2027-02-30"))).status).toBe(400);
    const ok = await route(await browserRequest(desk.ctx, admin, "/api/team/audit?action=member.allowance"));
    expect(((await ok.json()) as { data: { entries: unknown[] } }).data.entries).toHaveLength(1);

    // The CSV streams the whole log, formula cells neutralised.
    const file = await deskRoute("exportAudit", { ctx: desk.ctx })(await browserRequest(desk.ctx, admin, "/api/team/audit.csv"));
    const lines = (await file.text()).trim().split("\r\n");
    expect(lines).toHaveLength(1 + 5_100 + 2);
    expect(lines.slice(-2).some((l) => l.includes("member.allowance"))).toBe(true);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x5099"")"`);
  }, 60_000);
});
