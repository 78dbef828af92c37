import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { openFrames } from "../../../test/support/ws-frames";
import type { DeskContext } from "../core/context";
import type { SessionUser } from "../identity/users";
import { createTestDesk, makeUser, type TestDesk } from "../../../test/support/desk";
import { hostedClientSuite, startHostedClientService } from "../../../test/support/hosted-client-table";
import { startDeskGatewayServer, type DeskGatewayServer } from "../../../test/support/desk-gateway-server";
import { createTestAccount } from "../../../test/support/service";
import { mintDeskToken, revokeDeskToken } from "../teams/desk-tokens";
import { saveOrganisationKey } from "./stored-keys";
import { syncLedger } from "../money/ledger-sync";
import { serveDeskGateway } from "./desk-gateway";
import { callAlpha } from "./alpha-proxy";
import { getDeskSpend } from "../money/spend-view";
import { clusterServersUp, createTestCluster } from "../../../test/support/cluster";
import type { MintTokenInput } from "@/lib/desk/desk-tokens";

let started: Awaited<ReturnType<typeof startHostedClientService>>;
let desk: TestDesk;
let gateway: DeskGatewayServer;
let admin: SessionUser;
let fullToken: string;
let noStreamsToken: string;

async function mint(ctx: DeskContext, user: SessionUser, input: Partial<MintTokenInput> = {}) {
  return mintDeskToken({ ctx, user, input: { name: `script ${Math.random().toString(36).slice(2, 8)}`, scopes: ["free", "data", "summaries", "batch", "streams"], ...input } });
}

/** The ledger's debits of the account, as the service wrote them. */
function ledgerDebits(accountKey: string): { amount: number; metadata: string }[] {
  const db = started.running.service.ctx.db;
  return db
    .prepare("SELECT l.amount AS amount, l.metadata AS metadata FROM ledger l JOIN api_keys k ON k.account_id = l.account_id WHERE k.key_hash = ? AND l.entry_type = 'debit'")
    .all(createHash("sha256").update(accountKey).digest("hex")) as { amount: number; metadata: string }[];
}

beforeAll(async () => {
  started = await startHostedClientService();
  desk = await createTestDesk({ config: { alphaBaseUrl: started.running.url } });
  admin = await makeUser(desk.ctx, "admin");
  await saveOrganisationKey({ ctx: desk.ctx, user: admin, input: { key: started.key } });
  fullToken = (await mint(desk.ctx, admin)).secret;
  noStreamsToken = (await mint(desk.ctx, admin, { scopes: ["free", "data", "summaries", "batch"] })).secret;
  gateway = await startDeskGatewayServer(desk.ctx);
});
afterAll(async () => {
  await gateway?.close();
  await desk?.close();
  await started?.close();
});

describe("the hosted client's table through the desk's /alpha base with a desk token", () => {
  hostedClientSuite({
    baseUrl: () => gateway.base,
    key: () => fullToken,
    limitedKey: () => noStreamsToken,
    service: () => started.running,
    ids: () => started.ids,
  });
});

describe("a desk token's spend", () => {
  it("is one settled spend row per paid call, named by the token, and sums to the ledger's debits of the calls", async () => {
    // Every debit of the organisation account so far was made through the desk by the two tokens of the table.
    await syncLedger({ ctx: desk.ctx, user: admin, options: { force: true } });
    const rows = await desk.ctx.db.selectFrom("spend_log").select(["credits", "state", "token_id", "source", "job_id", "endpoint"]).execute();
    expect(rows.filter((r) => r.state === "pending")).toEqual([]);
    expect(rows.filter((r) => r.source === "outside")).toEqual([]);
    const direct = rows.filter((r) => r.source === "desk");
    expect(direct.length).toBeGreaterThan(10);
    expect(direct.every((r) => r.token_id !== null)).toBe(true);
    const desked = rows.reduce((sum, r) => sum + Number(r.credits), 0);
    const ledger = ledgerDebits(started.key).reduce((sum, d) => sum - d.amount, 0);
    expect(desked).toBe(ledger);
  });
});

describe("the usage page's attribution", () => {
  it("puts every ledger debit under a member, a token or outside the desk, and the parts add up to the ledger", async () => {
    // A member's own call through the desk, and one made with the organisation key outside it.
    const own = await callAlpha({ ctx: desk.ctx, user: admin, id: "getEarningsDetail", input: { query: { symbol: "TCS", quarter: "q4_26" } }, options: { fresh: true } });
    const direct = await fetch(`${started.running.url}/v1/news?symbols=TCS&limit=3`, { headers: { "X-API-Key": started.key } });
    expect(direct.status).toBe(200);
    const outsideCharge = Number(direct.headers.get("x-credits-charged"));
    expect(own.meta.creditsCharged).toBeGreaterThan(0);
    expect(outsideCharge).toBeGreaterThan(0);
    const spend = await getDeskSpend({ ctx: desk.ctx, user: admin, input: { range: "24h", scope: "all" } });
    const members = (spend.byUser ?? []).reduce((s, u) => s + u.credits, 0);
    const tokens = spend.byToken ?? [];
    const byTokens = tokens.reduce((s, t) => s + t.credits, 0);
    const outside = spend.outside?.total ?? 0;
    expect(members).toBe(own.meta.creditsCharged);
    expect(outside).toBe(outsideCharge);
    expect(tokens.length).toBeGreaterThanOrEqual(1);
    // The batch lines of the jobs the table's token submitted are that token's.
    const fullRow = tokens.find((t) => fullToken.endsWith(t.last4));
    expect(fullRow?.credits).toBeGreaterThan(0);
    const ledger = ledgerDebits(started.key).reduce((s, d) => s - d.amount, 0);
    expect(members + byTokens + outside).toBe(ledger);
    expect(spend.today?.desk !== undefined && spend.today.desk + spend.today.outside).toBe(spend.today?.debitedToday);
    const batchLines = await desk.ctx.db.selectFrom("spend_log").select(["token_id"]).where("source", "=", "batch_line").execute();
    expect(batchLines.length).toBeGreaterThan(0);
    expect(batchLines.every((r) => r.token_id !== null)).toBe(true);
  });
});

describe("refusals before any charge", () => {
  it("answers 403 scope_required in the service's error shape to a token without the paid-data scope, and charges nothing", async () => {
    const freeOnly = (await mint(desk.ctx, admin, { scopes: ["free"] })).secret;
    const before = ledgerDebits(started.key).length;
    const rowsBefore = (await desk.ctx.db.selectFrom("spend_log").select("id").execute()).length;
    const res = await fetch(`${gateway.base}/v1/news?symbols=TCS&limit=1`, { headers: { "X-API-Key": freeOnly } });
    expect(res.status).toBe(403);
    const body = (await res.json()) as { error: { code: string; message: string; details: { required_scope: string } } };
    expect(body.error.code).toBe("scope_required");
    expect(body.error.details.required_scope).toBe("data");
    expect(ledgerDebits(started.key).length).toBe(before);
    expect((await desk.ctx.db.selectFrom("spend_log").select("id").execute()).length).toBe(rowsBefore);
    // The free calls of the same token go through.
    expect((await fetch(`${gateway.base}/v1/announcements/categories`, { headers: { "X-API-Key": freeOnly } })).status).toBe(200);
  });

  it("answers 401 to an unknown, revoked or expired token, and never sends a desk token upstream", async () => {
    const res = await fetch(`${gateway.base}/v1/account`, { headers: { "X-API-Key": "adt_not-a-token" } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid_api_key");
    const minted = await mint(desk.ctx, admin, { scopes: ["free"] });
    await revokeDeskToken({ ctx: desk.ctx, user: admin, id: minted.token.id });
    expect((await fetch(`${gateway.base}/v1/account`, { headers: { "X-API-Key": minted.secret } })).status).toBe(401);
    const stored = await desk.ctx.db.withTables<{ desk_tokens: { token_hash: string } }>().selectFrom("desk_tokens").select("token_hash").execute();
    expect(stored.some((r) => r.token_hash.includes(minted.secret))).toBe(false);
  });

  it("holds the address allow-list: the socket's peer without a trusted proxy (a forged X-Forwarded-For is ignored), the proxy's entry behind one", async () => {
    const peerHeader = "x-test-peer";
    const minted = await mint(desk.ctx, admin, { scopes: ["free"], allowedAddresses: ["10.1.2.3", "192.168.7.0/24"] });
    const call = (forwarded: { hops: number }, headers: Record<string, string>) =>
      serveDeskGateway({
        ctx: { ...desk.ctx, config: { ...desk.ctx.config, forwarded: { hops: forwarded.hops, peerHeader } } },
        request: new Request("http://desk.test/alpha/v1/announcements/categories", { headers: { "X-API-Key": minted.secret, ...headers } }),
      });
    // No trusted proxy: the peer decides; a client's own X-Forwarded-For naming an allowed address changes nothing.
    const forged = await call({ hops: 0 }, { [peerHeader]: "203.0.113.9", "X-Forwarded-For": "10.1.2.3" });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe("address_not_allowed");
    expect((await call({ hops: 0 }, { [peerHeader]: "10.1.2.3" })).status).toBe(200);
    expect((await call({ hops: 0 }, { [peerHeader]: "::ffff:192.168.7.44" })).status).toBe(200);
    // One trusted proxy (the peer): the entry it appended is the client; what the client wrote before it is not.
    expect((await call({ hops: 1 }, { [peerHeader]: "172.16.0.2", "X-Forwarded-For": "10.1.2.3" })).status).toBe(200);
    expect((await call({ hops: 1 }, { [peerHeader]: "172.16.0.2", "X-Forwarded-For": "10.1.2.3, 198.51.100.4" })).status).toBe(403);
  });
});

describe("a token's cap under concurrency (SQLite)", () => {
  it("100 concurrent paid calls by a token capped at 37 credits a day never pass 37, and the ledger agrees", async () => {
    const own = createTestAccount(started.running.service.ctx, { plan: "pro", balance: 10_000 });
    const capped = await createTestDesk({ config: { alphaBaseUrl: started.running.url } });
    try {
      const boss = await makeUser(capped.ctx, "admin");
      await saveOrganisationKey({ ctx: capped.ctx, user: boss, input: { key: own.key } });
      const token = await mint(capped.ctx, boss, { scopes: ["data"], dailyCap: 37 });
      const server = await startDeskGatewayServer(capped.ctx);
      try {
        const answers = await Promise.all(
          Array.from({ length: 100 }, async () => {
            const res = await fetch(`${server.base}/v1/news?symbols=TCS&limit=1`, { headers: { "X-API-Key": token.secret } });
            const body = (await res.json()) as { error?: { code: string; details?: { budget?: { resets_at: string } } } };
            return { status: res.status, charged: Number(res.headers.get("x-credits-charged") ?? "0"), body };
          }),
        );
        const ok = answers.filter((a) => a.status === 200);
        const refused = answers.filter((a) => a.status === 402);
        expect(ok.length + refused.length).toBe(100);
        expect(refused.every((a) => a.body.error?.code === "budget_exceeded" && typeof a.body.error.details?.budget?.resets_at === "string")).toBe(true);
        const charged = ok.reduce((s, a) => s + a.charged, 0);
        expect(charged).toBe(37);
        const ledger = ledgerDebits(own.key).reduce((s, d) => s - d.amount, 0);
        expect(ledger).toBe(37);
        const listed = (await import("../teams/desk-tokens")).listDeskTokens;
        const [row] = (await listed({ ctx: capped.ctx, user: boss })).filter((t) => t.id === token.token.id);
        expect(row?.spentToday).toBe(37);
      } finally {
        await server.close();
      }
    } finally {
      await capped.close();
    }
  });
});

describe("a token's WebSocket stream", () => {
  /** A streams token and its socket on the gateway, subscribed to `product` on TCS. */
  async function subscribed(product: "news" | "alerts") {
    const minted = await mint(desk.ctx, admin, { scopes: ["streams"] });
    const s = openFrames(`${gateway.base.replace(/^http/, "ws")}/v1/ws`, { "X-API-Key": minted.secret });
    await s.opened;
    s.ws.send(JSON.stringify({ op: "subscribe", product, symbols: ["TCS"], detailed: false }));
    await s.next((f) => f.status === "subscribed");
    return { minted, s };
  }

  it("closes within a second of the token's revocation", async () => {
    const { minted, s } = await subscribed("news");
    const at = performance.now();
    await revokeDeskToken({ ctx: desk.ctx, user: admin, id: minted.token.id });
    const code = await s.closed;
    expect(performance.now() - at).toBeLessThan(1_000);
    expect(code).toBe(4401);
    // A new handshake with it is refused.
    const again = new WebSocket(`${gateway.base.replace(/^http/, "ws")}/v1/ws`, { headers: { "X-API-Key": minted.secret } });
    const status = await new Promise<number>((resolve) => again.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0)));
    expect(status).toBe(401);
  });

  it("closes within a second when another instance revokes it (the token table is polled)", async () => {
    const { minted, s } = await subscribed("alerts");
    // Written as another instance would: straight to the shared table, no in-process notice.
    const at = performance.now();
    await desk.ctx.db.withTables<{ desk_tokens: { id: string; revoked_at: string | null } }>().updateTable("desk_tokens").set({ revoked_at: new Date().toISOString() }).where("id", "=", minted.token.id).execute();
    await s.closed;
    expect(performance.now() - at).toBeLessThan(1_000);
  });
});

const clusterUp = await clusterServersUp("the desk-token cluster tests");

describe("two desk instances on PostgreSQL and Redis", () => {
  it.skipIf(!clusterUp)("100 concurrent paid calls by one token capped at 37, spread over both instances, never pass 37; a revocation on one closes the stream on the other within a second", async () => {
    const own = createTestAccount(started.running.service.ctx, { plan: "pro", balance: 10_000 });
    const cluster = await createTestCluster({ instances: 2, config: { alphaBaseUrl: started.running.url } });
    const servers: DeskGatewayServer[] = [];
    try {
      const [a, b] = cluster.desks as [DeskContext, DeskContext];
      const boss = await makeUser(a, "admin");
      await saveOrganisationKey({ ctx: a, user: boss, input: { key: own.key } });
      const token = await mint(a, boss, { scopes: ["data", "streams"], dailyCap: 37 });
      servers.push(await startDeskGatewayServer(a), await startDeskGatewayServer(b));
      const answers = await Promise.all(
        Array.from({ length: 100 }, async (_, i) => {
          const res = await fetch(`${servers[i % 2]!.base}/v1/news?symbols=TCS&limit=1`, { headers: { "X-API-Key": token.secret } });
          await res.arrayBuffer();
          return { status: res.status, charged: Number(res.headers.get("x-credits-charged") ?? "0") };
        }),
      );
      expect(answers.filter((r) => r.status !== 200 && r.status !== 402)).toEqual([]);
      expect(answers.reduce((s, r) => s + r.charged, 0)).toBe(37);
      expect(ledgerDebits(own.key).reduce((s, d) => s - d.amount, 0)).toBe(37);

      const ws = new WebSocket(`${servers[1]!.base.replace(/^http/, "ws")}/v1/ws`, { headers: { "X-API-Key": token.secret } });
      const closed = new Promise<void>((resolve) => ws.once("close", () => resolve()));
      await new Promise<void>((resolve, reject) => (ws.once("open", () => resolve()), ws.once("error", reject)));
      const at = performance.now();
      await revokeDeskToken({ ctx: a, user: boss, id: token.token.id });
      await closed;
      expect(performance.now() - at).toBeLessThan(1_000);
    } finally {
      for (const server of servers) await server.close();
      await cluster.close();
    }
  });
});
