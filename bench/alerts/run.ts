/**
 * Alerts bench: 1,000 rules over 200 symbols (each symbol in 25 rules; every rule on all four streams, to the inbox
 * and one webhook), events from the service's market simulator at market pace sped up (`--speed`, the simulator's
 * own multiplier of its per-hour rates; its clock set to a trading morning in IST so the session's rates apply).
 * Measured: from the moment the service stores an event (its event bus) to the webhook receiving it, and to its inbox
 * row (the inbox delivery's time, written in the same transaction as the item); and the desk process's CPU time per
 * 1,000 deliveries (all channels) over the measured window. The desk (the real alert engine, no Next) runs in its own
 * process on SQLite; the service, the webhook receiver and this script share another.
 * Run: `npm run bench:alerts` (optional: `-- --seconds 180 --speed 120 --rules 1000 --symbols 200`), under the heavy lock.
 */
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { createDeskContext } from "../../lib/server/core/context";
import { createAccount, issueApiKey, startServer } from "../../lib/server/core/embedded-service";
import { createFirstAdmin, createUser } from "../../lib/server/identity/users";
import { saveOrganisationKey } from "../../lib/server/upstream/stored-keys";
import { createAlertEndpoint, createAlertRule } from "../../lib/server/alerts/rules";
import { checkSymbols } from "../../lib/server/portfolio/watchlists";
import { companies } from "../../service/dataset/companies";
import { benchArgs } from "../args";

const { seconds: SECONDS, speed: SPEED, rules: RULES, symbols: SYMBOLS } = benchArgs({ seconds: 180, speed: 120, rules: 1000, symbols: 200 });
const PER_RULE = 5;
const RULES_PER_USER = 50;
const load = () => loadavg().map((x) => Math.round(x * 100) / 100);
const pct = (sorted: number[], p: number) => (sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number) : NaN);
const stats = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p90: pct(s, 90), p99: pct(s, 99), max: s.at(-1) ?? NaN };
};

async function main(): Promise<void> {
  const loadBefore = load();
  // A trading Tuesday at 10:30 IST, time running from there: the simulator draws at the session's rates.
  const offset = Date.parse("2026-12-01T05:00:00Z") - Date.now();
  const running = await startServer(
    { databasePath: join(mkdtempSync(join(tmpdir(), "bench-alerts-svc-")), "service.db"), port: 0, host: "127.0.0.1", simulator: true, simulatorSpeed: SPEED },
    { seedScale: 1, clock: { now: () => new Date(Date.now() + offset) } },
  );
  const storedAt = new Map<string, number>();
  const toDesk = (product: string) => (product === "block_deals" ? "block-deals" : product);
  running.service.ctx.bus.on((e) => storedAt.set(`${toDesk(e.product)}:${e.id}`, Date.now()));

  const sctx = running.service.ctx;
  const account = createAccount({ ctx: sctx, input: { name: "alerts bench", plan: "pro", balance: 1_000_000_000, symbolsScope: true } });
  const key = issueApiKey({ ctx: sctx, input: { accountId: account.id } }).key;

  // The webhook receiver: each request's events timed on arrival (answered at once; the desk's signing is measured).
  const received: { key: string; at: number }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const at = Date.now();
      try {
        for (const e of (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { events: { product: string; id: string }[] }).events) received.push({ key: `${e.product}:${e.id}`, at });
      } catch {
        // not a delivery
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const authSecret = randomBytes(32).toString("base64url");
  const encryptionKey = randomBytes(32);
  const sqlitePath = join(mkdtempSync(join(tmpdir(), "bench-alerts-desk-")), "desk.db");
  const delivery = { smtpUrl: null, mailFrom: "bench@example.test", telegramApiUrl: "http://127.0.0.1:9", allowPrivateWebhooks: true, webhookTimeoutMs: 3_000 };
  const setup = await createDeskContext({ sqlitePath, secrets: { authSecret, encryptionKey }, config: { alphaBaseUrl: running.url, delivery } });
  // A team on the organisation's key: 50 rules a user at most, so 20 users, each with a webhook endpoint of their own.
  const user = await createFirstAdmin({ ctx: setup, input: { email: "alerts-bench@example.test", name: "Bench", password: randomBytes(12).toString("hex") } });
  await saveOrganisationKey({ ctx: setup, user, input: { key } });
  const users = [user];
  for (let i = 1; i < Math.ceil(RULES / RULES_PER_USER); i++) {
    users.push(await createUser({ ctx: setup, user, input: { email: `alerts-bench-${i}@example.test`, name: `Bench ${i}`, role: "member", password: randomBytes(12).toString("hex") } }));
  }
  const endpoints = [];
  for (const u of users) endpoints.push(await createAlertEndpoint({ ctx: setup, user: u, input: { channel: "webhook", url: hookUrl } }));
  // Listed companies the simulator files for (a smaller seed lists fewer of the dataset's companies).
  const listed = new Set((sctx.db.prepare("SELECT symbol FROM companies").all() as { symbol: string }[]).map((r) => r.symbol));
  const candidates = companies.filter((c) => listed.has(c.symbol)).map((c) => c.symbol);
  const symbols: string[] = [];
  for (let i = 0; i < candidates.length && symbols.length < SYMBOLS; i += 20) {
    const chunk = candidates.slice(i, i + 20);
    const { unknown } = await checkSymbols({ ctx: setup, user, symbols: chunk });
    symbols.push(...chunk.filter((s) => !unknown.includes(s)));
  }
  symbols.splice(SYMBOLS);
  if (symbols.length < SYMBOLS) throw new Error(`the service lists ${symbols.length} companies; the bench wants ${SYMBOLS}`);
  const kinds = [{ product: "announcements" as const }, { product: "alerts" as const }, { product: "news" as const }, { product: "block-deals" as const }];
  const made = Date.now();
  for (let i = 0; i < RULES; i++) {
    const scope = { symbols: Array.from({ length: PER_RULE }, (_, k) => symbols[(i * PER_RULE + k) % symbols.length] as string) };
    const owner = Math.floor(i / RULES_PER_USER);
    await createAlertRule({ ctx: setup, user: users[owner] as typeof user, input: { name: `Rule ${i + 1}`, scope, kinds, channels: { inbox: true, endpointIds: [(endpoints[owner] as { id: string }).id] } } });
  }
  console.log(`${RULES} rules over ${symbols.length} symbols made in ${Date.now() - made} ms`);
  await setup.close();

  const desk = fork(join(import.meta.dirname, "desk.ts"), [], {
    execArgv: ["--conditions=react-server", "--import", "tsx"],
    env: { ...process.env, BENCH_DESK_DB: sqlitePath, BENCH_AUTH_SECRET: authSecret, BENCH_ENCRYPTION_KEY: encryptionKey.toString("base64"), BENCH_ALPHA_URL: running.url, NODE_ENV: "production" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ask = () => new Promise<NodeJS.CpuUsage>((resolve) => {
    const on = (m: unknown) => {
      const cpu = (m as { cpu?: NodeJS.CpuUsage }).cpu;
      if (cpu) {
        desk.off("message", on);
        resolve(cpu);
      }
    };
    desk.on("message", on);
    desk.send("cpu");
  });
  await new Promise<void>((resolve) => desk.once("message", () => resolve()));

  // Warm-up: until the streams deliver (the engine joins its channels at start), at most 60 s.
  const warmDeadline = Date.now() + 60_000;
  while (!received.length && Date.now() < warmDeadline) await new Promise((r) => setTimeout(r, 250));
  if (!received.length) throw new Error("no delivery reached the webhook within 60 s: the engine never followed the streams");
  const db = new Database(sqlitePath, { readonly: true });
  const deliveredBy = (iso: string) => (db.prepare("SELECT count(*) AS n FROM alert_deliveries WHERE status = 'delivered' AND delivered_at <= ?").get(iso) as { n: number }).n;
  const windowStart = new Date().toISOString();
  const cpuStart = await ask();
  const receivedStart = received.length;
  const loadStart = load();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const cpuEnd = await ask();
  const windowEnd = new Date().toISOString();
  const loadEnd = load();
  running.simulator?.stop();
  await new Promise((r) => setTimeout(r, 10_000));

  const deliveries = deliveredBy(windowEnd) - deliveredBy(windowStart);
  const cpuMs = (cpuEnd.user - cpuStart.user + cpuEnd.system - cpuStart.system) / 1000;
  const measured = (at: number) => at >= Date.parse(windowStart) && at <= Date.parse(windowEnd);
  const webhook = received.slice(receivedStart).filter((r) => measured(storedAt.get(r.key) ?? NaN)).map((r) => r.at - (storedAt.get(r.key) as number));
  const inboxRows = db.prepare("SELECT event_key, delivered_at FROM alert_deliveries WHERE channel = 'inbox' AND status = 'delivered'").all() as { event_key: string; delivered_at: string }[];
  const inbox = inboxRows.filter((r) => measured(storedAt.get(r.event_key) ?? NaN)).map((r) => Date.parse(r.delivered_at) - (storedAt.get(r.event_key) as number));
  const events = [...storedAt.values()].filter(measured).length;
  const pending = (db.prepare("SELECT count(*) AS n FROM alert_deliveries WHERE status IN ('pending', 'sending')").get() as { n: number }).n;
  const failed = (db.prepare("SELECT count(*) AS n FROM alert_deliveries WHERE status = 'failed'").get() as { n: number }).n;
  db.close();
  desk.send("stop");
  await new Promise((r) => desk.once("exit", r));
  receiver.close();
  await running.close();

  const result = {
    rules: RULES,
    symbols: SYMBOLS,
    speed: SPEED,
    seconds: SECONDS,
    eventsStored: events,
    deliveries,
    deliveriesPerSecond: Math.round((deliveries / SECONDS) * 10) / 10,
    webhookMs: stats(webhook),
    inboxMs: stats(inbox),
    deskCpuMsPer1000: deliveries ? Math.round((cpuMs / deliveries) * 1000) : null,
    deskCpuShare: Math.round((cpuMs / (SECONDS * 1000)) * 1000) / 10,
    leftPendingAfter10s: pending,
    failed,
    load: { before: loadBefore, start: loadStart, end: loadEnd },
  };
  console.log(JSON.stringify(result, null, 2));
  const f = (x: number) => Math.round(x);
  console.log(
    `| ${new Date().toISOString().slice(0, 10)} | ${RULES} rules / ${SYMBOLS} symbols, simulator ×${SPEED}, ${SECONDS} s: ${events} events, ${deliveries} deliveries | webhook p50 ${f(result.webhookMs.p50)} / p99 ${f(result.webhookMs.p99)} ms; inbox p50 ${f(result.inboxMs.p50)} / p99 ${f(result.inboxMs.p99)} ms | ${result.deskCpuMsPer1000} ms CPU per 1,000 deliveries (${result.deskCpuShare}% of a core) | ${loadStart[0]} → ${loadEnd[0]} |`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
