import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { clusterServersUp } from "@/test/support/cluster";
import { TEST_DATABASE_URL } from "@/test/support/desk";
import type { JobQueue } from "./jobs";
import { createMemoryJobQueue, createPgBossJobQueue, jobIdOf } from "./jobs";

const up = await clusterServersUp("the pg-boss job queue tests");
const url = process.env.TEST_DATABASE_URL ?? TEST_DATABASE_URL;
const schemas: string[] = [];
const queues: JobQueue[] = [];

afterAll(async () => {
  for (const q of queues) await q.close();
  if (!schemas.length) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
});

/** Two instances' queues on one pg-boss schema: they share nothing else. */
function twoPgBossQueues(): [JobQueue, JobQueue] {
  const schema = `jobs_test_${randomBytes(5).toString("hex")}`;
  schemas.push(schema);
  const a = createPgBossJobQueue({ connectionString: url, schema, pollingIntervalSeconds: 0.5 });
  const b = createPgBossJobQueue({ connectionString: url, schema, pollingIntervalSeconds: 0.5 });
  queues.push(a, b);
  return [a, b];
}

async function waitFor(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("job ids", () => {
  it("name a job by its queue and key, the same from any instance", () => {
    expect(jobIdOf("briefs.tick", "slot:1")).toBe(jobIdOf("briefs.tick", "slot:1"));
    expect(jobIdOf("briefs.tick", "slot:1")).not.toBe(jobIdOf("briefs.tick", "slot:2"));
    expect(jobIdOf("a", "k")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe("the in-process queue (no DATABASE_URL)", () => {
  it("runs a job scheduled twice under one key once, at its time, and a periodic job each period", async () => {
    const q = createMemoryJobQueue();
    queues.push(q);
    const ran: unknown[] = [];
    await q.work("desk.once", async (payload) => void ran.push(payload));
    expect(await q.scheduleOnce("desk.once", { n: 1 }, { key: "k", runAt: new Date(Date.now() + 50) })).toBe(true);
    expect(await q.scheduleOnce("desk.once", { n: 2 }, { key: "k" })).toBe(false);
    expect(ran).toEqual([]);
    await waitFor(() => ran.length === 1, "the job");
    expect(ran).toEqual([{ n: 1 }]);
    let ticks = 0;
    await q.every("desk.tick", 0.05, async () => void (ticks += 1));
    await waitFor(() => ticks >= 3, "three ticks");
    await expect(q.scheduleOnce("Bad Name", {}, { key: "k" })).rejects.toThrow(/job names/);
  });
});

describe("pg-boss on PostgreSQL, two instances", () => {
  it.runIf(up)("a job both instances schedule under one key runs once, on one of them", async () => {
    const [a, b] = twoPgBossQueues();
    const ran: string[] = [];
    await a.work("desk.once", async () => void ran.push("a"));
    await b.work("desk.once", async () => void ran.push("b"));
    const offered = await Promise.all([a.scheduleOnce("desk.once", { n: 1 }, { key: "brief:1:slot:9" }), b.scheduleOnce("desk.once", { n: 1 }, { key: "brief:1:slot:9" })]);
    expect(offered.filter(Boolean)).toHaveLength(1);
    await waitFor(() => ran.length >= 1, "the job to run");
    // Both workers keep polling a while: a second run would show up here.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(ran).toHaveLength(1);
    // Scheduling the same key again later is still the same job: not run again.
    expect(await a.scheduleOnce("desk.once", { n: 1 }, { key: "brief:1:slot:9" })).toBe(false);
  });

  it.runIf(up)("a periodic job registered on both instances runs once per period", async () => {
    const [a, b] = twoPgBossQueues();
    const slots: number[] = [];
    const handler = async (payload: Record<string, unknown>) => void slots.push(Number(payload.slot));
    await Promise.all([a.every("desk.tick", 2, handler), b.every("desk.tick", 2, handler)]);
    await waitFor(() => new Set(slots).size >= 3, "three periods", 30_000);
    expect(slots.length).toBe(new Set(slots).size);
  }, 40_000);
});
