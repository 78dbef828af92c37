import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { streamUrl } from "../../lib/alpha/streams";
import { companies } from "../dataset/companies";
import { createRng } from "../dataset/rng";
import type { RunningServer } from "../server";
import { startServer } from "../server";
import { createTestAccount } from "../../test/support/service";
import { recordSample, TestClient } from "../../test/support/service-streams";

let running: RunningServer | undefined;
let dir: string | undefined;
afterEach(async () => {
  await running?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it("the standalone server serves /v1/ws and starts the simulator only when configured", async () => {
  dir = mkdtempSync(join(tmpdir(), "alpha-streams-wiring-"));
  running = await startServer({ databasePath: join(dir, "service.db"), port: 0, simulator: false }, { seedScale: 0.05 });
  expect(running.simulator).toBeNull();
  const ctx = running.service.ctx;
  const { key } = createTestAccount(ctx);
  const client = await TestClient.connect(streamUrl(running.url), key);
  client.subscribe("news", ["RELIANCE"]);
  await client.next((f) => f.status === "subscribed");
  const company = companies.find((c) => c.symbol === "RELIANCE");
  if (!company) throw new Error("RELIANCE is not in the dataset");
  const row = recordSample(ctx, "news", createRng("wiring"), company, Date.now());
  const frame = await client.next((f) => f.channel === "news");
  expect((frame.data as { id: string }).id).toBe(row.id);
  expect(running.streams.stats().connections).toBe(1);
  client.close();
  await running.close();

  running = await startServer({ databasePath: join(dir, "service.db"), port: 0, simulator: true, simulatorSpeed: 60 }, { seedScale: 0.05 });
  expect(running.simulator?.speed).toBe(60);
});
