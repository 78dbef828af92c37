/**
 * One server of the service bench, in its own process so the load generator does not share its event loop.
 * `service <dir> [nocache]`: the Alpha service on a seeded temporary database, with a bench account whose limits never
 * bite (`nocache` turns the response cache off).
 * `seed <dir>`: seeds `<dir>/service.db`, prints the news span the distinct queries walk (bench/service/queries.ts) and
 * exits (the servers then start on a database seeded earlier, as a running service does after its first start).
 * `bare <bodyFile>`: a node:http server answering every request with the given JSON body.
 * A last argument `port=N` listens on that port (default: one the system picks).
 * Prints one JSON line `{ url, key? }` on stdout once listening; exits on SIGTERM.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { createAccount, issueApiKey } from "../../service/accounts";
import { startServer } from "../../service/server";
import type { NewsSpan } from "./queries";

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const portArg = args.find((a) => a.startsWith("port="));
  const port = portArg ? Number(portArg.slice("port=".length)) : 0;
  const [mode, arg = "", flag] = args.filter((a) => a !== portArg);
  if (mode === "seed") {
    const running = await startServer({ databasePath: join(arg, "service.db"), host: "127.0.0.1", port: 0 });
    const db = running.service.ctx.db;
    const range = db.prepare("SELECT min(date_ms) AS firstMs, max(date_ms) AS lastMs FROM news").get() as Omit<NewsSpan, "symbols">;
    const symbols = (db.prepare("SELECT symbol FROM news WHERE symbol IS NOT NULL GROUP BY symbol ORDER BY count(*) DESC, symbol LIMIT 40").all() as { symbol: string }[]).map(
      (r) => r.symbol,
    );
    await running.close();
    const span: NewsSpan = { ...range, symbols };
    process.stdout.write(`${JSON.stringify({ url: "", span })}\n`);
  } else if (mode === "service") {
    const running = await startServer({
      databasePath: join(arg, "service.db"),
      host: "127.0.0.1",
      port,
      responseCacheEntries: flag === "nocache" ? 0 : undefined,
    });
    const ctx = running.service.ctx;
    const account = createAccount({ ctx, input: { name: "bench", plan: "pro", balance: 1_000_000_000, rpm: 1_000_000_000, daily: 1_000_000_000 } });
    const { key } = issueApiKey({ ctx, input: { accountId: account.id, label: "bench" } });
    process.stdout.write(`${JSON.stringify({ url: running.url, key })}\n`);
    process.once("SIGTERM", () => void running.close().then(() => process.exit(0)));
  } else if (mode === "bare") {
    const body = readFileSync(arg);
    const server = createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": body.length });
      res.end(body);
    });
    server.listen(port, "127.0.0.1", () => {
      process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })}\n`);
    });
    process.once("SIGTERM", () => server.close(() => process.exit(0)));
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
