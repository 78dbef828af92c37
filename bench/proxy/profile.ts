/**
 * CPU profile of the desk's proxy handler alone: the service in its own process (child.ts service), the desk's real
 * /api/alpha handler in this one, called with Requests one after another (no HTTP server on the desk side), and the
 * V8 profiler on only while the measured calls run:
 *   node --conditions=react-server --import tsx bench/proxy/profile.ts [fresh|cached] [calls] [out.cpuprofile] [concurrency]
 * Prints the desk's CPU and wall time per call; open the profile in Chrome DevTools or speedscope.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { createInterface } from "node:readline";

const mode = process.argv[2] === "cached" ? "cached" : "fresh";
const calls = Number(process.argv[3] ?? 3000);
const out = process.argv[4] ?? join(tmpdir(), `proxy-${mode}.cpuprofile`);
/** Calls in flight at once (the bench's autocannon keeps 16): concurrent calls share commits. */
const concurrency = Math.max(1, Number(process.argv[5] ?? 1));
const dir = mkdtempSync(join(tmpdir(), "bench-proxy-profile-"));

const service = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", join(import.meta.dirname, "child.ts"), "service"], { stdio: ["pipe", "pipe", "inherit"] });
const [first] = (await once(createInterface({ input: service.stdout }), "line")) as [string];
const running = JSON.parse(first) as { url: string; keys: string[] };
const key = running.keys[0] ?? "";

const { createDeskContext } = await import("../../lib/server/core/context");
const { createFirstAdmin } = await import("../../lib/server/identity/users");
const { saveAlphaKey } = await import("../../lib/server/upstream/stored-keys");
const { mintSessionCookie } = await import("../../lib/server/identity/session");
const { deskRoute } = await import("../../lib/server/routes");
const ctx = await createDeskContext({
  sqlitePath: join(dir, "desk.db"),
  secrets: { authSecret: randomBytes(32).toString("base64url"), encryptionKey: randomBytes(32) },
  config: { alphaBaseUrl: running.url },
});
const user = await createFirstAdmin({ input: { email: "profile@example.test", name: "Profile", password: randomBytes(12).toString("hex") }, ctx });
await saveAlphaKey({ userId: user.id, key, ctx });
const cookie = await mintSessionCookie({ ctx, user });
const route = deskRoute("alphaGet", { ctx });
const url = `http://127.0.0.1:3104/api/alpha/v1/news?limit=20${mode === "fresh" ? "&fresh=1" : ""}`;

async function call(): Promise<void> {
  const res = await route(new Request(url, { headers: { cookie } }));
  if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
}
for (let i = 0; i < 500; i++) await call();
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.start");
const started = performance.now();
const cpu = process.cpuUsage();
let next = 0;
await Promise.all(Array.from({ length: concurrency }, async () => {
  while (next++ < calls) await call();
}));
const used = process.cpuUsage(cpu);
const ms = performance.now() - started;
const { profile } = await session.post("Profiler.stop");
writeFileSync(out, JSON.stringify(profile));
console.log(JSON.stringify({ mode, calls, concurrency, wallMsPerCall: Math.round((ms / calls) * 1000) / 1000, cpuMsPerCall: Math.round(((used.user + used.system) / 1000 / calls) * 1000) / 1000 }));
console.log(`profile: ${out}`);
const sqlT = (globalThis as unknown as { __sqlT?: Map<string, [number, number]> }).__sqlT;
if (sqlT) for (const [q, [ms, n]] of [...sqlT].sort((a, b) => b[1][0] - a[1][0]).slice(0, 12)) console.log(`${(ms / calls * 1000).toFixed(1)} us/call  ${n} runs  ${q.slice(0, 110)}`);
service.kill("SIGTERM");
process.exit(0);
