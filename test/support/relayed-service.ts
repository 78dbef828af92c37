import { mkdtempSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAdaptorServer } from "@hono/node-server";
import { runCli } from "../../service/cli";
import { ManualClock } from "../../service/clock";
import { serviceConfigSchema } from "../../service/config";
import { startImportRelay } from "../../service/dataset/import-relay";
import { openDatabase } from "../../service/store/db";
import { attachStreams } from "../../service/streams/attach";
import { ManualScheduler } from "../../service/streams/scheduler";
import type { StreamProduct } from "../../lib/alpha/account";
import { createTestAccount, createTestService } from "./service";
import { TestClient } from "./service-streams";

/**
 * A service running on a database file with its streams and import relay, the generator off, and one subscriber with
 * its own key: what an import from the command line (its own connection to the file) must reach without a restart.
 */
export async function withRelayedService(now: string, products: readonly StreamProduct[], run: (running: { service: ReturnType<typeof createTestService>; dir: string; key: string; client: TestClient; importCli: (args: string[]) => Promise<number> }) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "alpha-relay-"));
  const dbPath = join(dir, "service.db");
  const clock = new ManualClock(now);
  const scheduler = new ManualScheduler(clock);
  const service = createTestService({ clock, db: openDatabase(dbPath), config: { generator: false } });
  const server = createAdaptorServer({ fetch: service.fetch }) as Server;
  const streams = attachStreams(server, service, { scheduler });
  const relay = startImportRelay(service.ctx, { scheduler });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const { key } = createTestAccount(service.ctx);
    const client = await TestClient.connect(`ws://127.0.0.1:${port}/v1/ws`, key);
    for (const product of products) {
      client.subscribe(product, [], true);
      await client.next((f) => f.status === "subscribed" && f.product === product);
    }
    const io = { stdout: () => {}, stderr: (t: string) => console.error(t) };
    const importCli = async (args: string[]) => {
      const code = await runCli(["import", ...args], io, serviceConfigSchema.parse({ databasePath: dbPath, generator: false }));
      scheduler.advance(1_000);
      return code;
    };
    try {
      await run({ service, dir, key, client, importCli });
    } finally {
      client.close();
    }
  } finally {
    relay.stop();
    streams.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    service.close();
  }
}
