/**
 * One process of the proxy bench; prints one JSON line when ready.
 * - `service [n] [keys]`: the Alpha service on a temporary database with n accounts (default 4) whose limits the bench
 *   cannot hit, one per measured path, so no path runs against the ledger and rate-limit rows another left behind;
 *   with `keys`, that many keys on each account too (`accountKeys`, the morning bench's users). A line
 *   `event <product> <symbol>` on stdin stores one live event as the simulator does (scripts/live-events.ts) and
 *   answers `{ "event": <row id>, "at": <ms before the store> }`.
 * - `desk-data <dataDir> <serviceUrl> <key>...`: writes the desk database the bench's `next start` then serves
 *   (AUTH_SECRET and DESK_ENCRYPTION_KEY come from the environment, as for the desk): one signed-in user per key, the
 *   key stored in the vault; with BENCH_ORG_KEY, that key as the organisation's and a member with a seat using it;
 *   prints their session cookies and exits.
 * - `delay <targetUrl> <ms>`: a forwarder that holds each request `ms` before passing it on, standing in for the
 *   network between the desk and a hosted Alpha API.
 * Runs under `--conditions=react-server` (lib/server's "server-only" guard).
 */
import type { AddressInfo } from "node:net";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";

const [role, first, ...rest] = process.argv.slice(2);
/** The service role's live-event recorder (stdin `event <product> <symbol>`). */
let liveEvent: ((product: string, symbol: string) => { event: string; at: number }) | null = null;
const dir = mkdtempSync(join(tmpdir(), `bench-proxy-${role}-`));

if (role === "service") {
  const { startServer } = await import("../../service/server");
  const { createAccount, issueApiKey } = await import("../../service/accounts");
  const running = await startServer({ databasePath: join(dir, "service.db"), port: 0, host: "127.0.0.1" });
  const ctx = running.service.ctx;
  const count = Number(first ?? 4) || 4;
  const perAccount = Math.max(1, Number(rest[0] ?? 1) || 1);
  const accountKeys = Array.from({ length: count }, (_, i) => {
    const account = createAccount({ ctx, input: { name: `bench ${i}`, plan: "pro", balance: 1_000_000_000, rpm: 100_000_000, daily: 1_000_000_000, symbolsScope: true } });
    return Array.from({ length: perAccount }, () => issueApiKey({ ctx, input: { accountId: account.id } }).key);
  });
  const { recordLiveEvent } = await import("../../scripts/live-events");
  liveEvent = (product, symbol) => {
    const at = Date.now();
    return { event: recordLiveEvent(running, { product: product as "news", symbol }).id, at };
  };
  console.log(JSON.stringify({ url: running.url, keys: accountKeys.map((k) => k[0]), ...(perAccount > 1 ? { accountKeys } : {}) }));
} else if (role === "desk-data" && first && rest.length > 1) {
  const [upstreamUrl = "", ...userKeys] = rest;
  const { createDeskContext } = await import("../../lib/server/core/context");
  const { loadDeskSecrets } = await import("../../lib/server/core/secrets");
  const { createFirstAdmin, createUser } = await import("../../lib/server/identity/users");
  const { saveAlphaKey, saveOrganisationKey } = await import("../../lib/server/upstream/stored-keys");
  const { mintSessionCookie } = await import("../../lib/server/identity/session");
  const dataDir = first;
  const ctx = await createDeskContext({
    sqlitePath: join(dataDir, "desk.db"),
    secrets: loadDeskSecrets({ dataDir, authSecret: process.env.AUTH_SECRET, encryptionKey: process.env.DESK_ENCRYPTION_KEY }),
    config: { alphaBaseUrl: upstreamUrl },
  });
  const password = () => randomBytes(12).toString("hex");
  const admin = await createFirstAdmin({ input: { email: "bench@example.test", name: "Bench", password: password() }, ctx });
  const cookies: string[] = [];
  for (const [i, key] of userKeys.entries()) {
    const user = i === 0 ? admin : await createUser({ user: admin, input: { email: `bench${i}@example.test`, name: `Bench ${i}`, password: password() }, ctx });
    await saveAlphaKey({ userId: user.id, key, ctx });
    cookies.push(await mintSessionCookie({ ctx, user }));
  }
  // The organisation's key (held by the admin) and a member who uses it, with a seat and an allowance: the member's
  // paid calls take the team path (seat check, allowance counted before the call, settled after).
  if (process.env.BENCH_ORG_KEY) {
    const { writeSeat } = await import("../../lib/server/teams/members");
    await saveOrganisationKey({ ctx, user: { ...admin, role: "admin" }, input: { key: process.env.BENCH_ORG_KEY } });
    const member = await createUser({ user: admin, input: { email: "member@example.test", name: "Member", password: password(), role: "member" }, ctx });
    await writeSeat({ ctx, input: { userId: member.id, seat: { dailyAllowance: 1_000_000_000, actions: ["data", "summaries", "batch_jobs"] } } });
    cookies.push(await mintSessionCookie({ ctx, user: member }));
  }
  await ctx.close();
  console.log(JSON.stringify({ cookies }));
  process.exit(0);
} else if (role === "delay" && first && rest[0]) {
  const http = await import("node:http");
  const target = new URL(first);
  const ms = Number(rest[0]);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const server = http.createServer((req, res) => {
    setTimeout(() => {
      const upstream = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers, agent }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on("error", () => res.destroy());
      req.pipe(upstream);
    }, ms);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
} else {
  throw new Error("usage: child.ts service [n] | desk-data <dataDir> <serviceUrl> <key>... | delay <targetUrl> <ms>");
}

// The parent asks for this process's CPU time (a line "cpu" on stdin) to cost each call independently of load.
process.stdin.setEncoding("utf8");
process.stdin.on("data", (text: string) => {
  for (const line of text.split("\n")) {
    const [command, product, symbol] = line.trim().split(" ");
    if (command === "cpu") {
      const { user, system } = process.cpuUsage();
      console.log(JSON.stringify({ cpuMs: (user + system) / 1000 }));
    } else if (command === "event" && liveEvent && product && symbol) {
      try {
        console.log(JSON.stringify(liveEvent(product, symbol)));
      } catch (error) {
        console.log(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
      }
    }
  }
});

// Exit cleanly on a signal, so `--cpu-prof` can write its profile.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(0));
