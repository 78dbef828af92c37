/**
 * One server of the proxy bench, in its own process; prints one JSON line when listening.
 * - `service`: the Alpha service on a temporary database with accounts whose limits the bench cannot hit, one per
 *   measured path, so no path runs against the ledger and rate-limit rows another left behind.
 * - `desk <serviceUrl> <key>...`: the desk's real /api/alpha handler (withUser + handleAlphaProxy) on node:http, with
 *   a desk database in a temporary folder and one signed-in user per key.
 * - `delay <targetUrl> <ms>`: a forwarder that holds each request `ms` before passing it on, standing in for the
 *   network between the desk and a hosted Alpha API.
 * Runs under `--conditions=react-server` (lib/server's "server-only" guard).
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { serve } from "@hono/node-server";

const [role, serviceUrl, ...keys] = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), `bench-proxy-${role}-`));

async function listen(fetch: (req: Request) => Promise<Response>): Promise<string> {
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(s as Server)) as Server;
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

if (role === "service") {
  const { startServer } = await import("../../service/server");
  const { createAccount, issueApiKey } = await import("../../service/accounts");
  const running = await startServer({ databasePath: join(dir, "service.db"), port: 0, host: "127.0.0.1" });
  const ctx = running.service.ctx;
  const keys = Array.from({ length: 4 }, (_, i) => {
    const account = createAccount({ ctx, input: { name: `bench ${i}`, plan: "pro", balance: 1_000_000_000, rpm: 100_000_000, daily: 1_000_000_000 } });
    return issueApiKey({ ctx, input: { accountId: account.id } }).key;
  });
  console.log(JSON.stringify({ url: running.url, keys }));
} else if (role === "desk" && serviceUrl && keys.length > 0) {
  const { createDeskContext } = await import("../../lib/server/core/context");
  const { createFirstAdmin } = await import("../../lib/server/identity/users");
  const { saveAlphaKey } = await import("../../lib/server/identity/key-vault");
  const { mintSessionCookie } = await import("../../lib/server/identity/session");
  const { withUser } = await import("../../lib/server/http/route");
  const { handleAlphaProxy } = await import("../../lib/server/handlers/alpha");
  const ctx = await createDeskContext({
    sqlitePath: join(dir, "desk.db"),
    secrets: { authSecret: randomBytes(32).toString("base64url"), encryptionKey: randomBytes(32) },
    config: { alphaBaseUrl: serviceUrl },
  });
  const { createUser } = await import("../../lib/server/identity/users");
  const admin = await createFirstAdmin({ input: { email: "bench@example.test", name: "Bench", password: randomBytes(12).toString("hex") }, ctx });
  const cookies: string[] = [];
  for (const [i, key] of keys.entries()) {
    const user = i === 0 ? admin : await createUser({ user: admin, input: { email: `bench${i}@example.test`, name: `Bench ${i}`, password: randomBytes(12).toString("hex") }, ctx });
    await saveAlphaKey({ userId: user.id, key, ctx });
    cookies.push(await mintSessionCookie({ ctx, user }));
  }
  const route = withUser(handleAlphaProxy, { ctx });
  const url = await listen((req) => route(req));
  console.log(JSON.stringify({ url, cookies }));
} else if (role === "delay" && serviceUrl && keys[0]) {
  const http = await import("node:http");
  const target = new URL(serviceUrl);
  const ms = Number(keys[0]);
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
  throw new Error("usage: child.ts service | desk <serviceUrl> <key>... | delay <targetUrl> <ms>");
}

// The parent asks for this process's CPU time (a line "cpu" on stdin) to cost each call independently of load.
process.stdin.setEncoding("utf8");
process.stdin.on("data", (text: string) => {
  if (text.includes("cpu")) {
    const { user, system } = process.cpuUsage();
    console.log(JSON.stringify({ cpuMs: (user + system) / 1000 }));
  }
});

// Exit cleanly on a signal, so `--cpu-prof` can write its profile.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(0));
