import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { STREAM_PRODUCTS } from "../lib/alpha/account";
import { runCli } from "./cli";
import { serviceConfigSchema } from "./config";
import { openDatabase } from "./store/db";

const dir = mkdtempSync(join(tmpdir(), "alpha-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(dbFile: string, ...argv: string[]): Promise<{ code: number; out: unknown; err: unknown }> {
  let out = "";
  let err = "";
  const code = await runCli(argv, { stdout: (t) => (out += t), stderr: (t) => (err += t) }, serviceConfigSchema.parse({ databasePath: dbFile }));
  return { code, out: out ? (JSON.parse(out) as unknown) : undefined, err: err ? (JSON.parse(err) as unknown) : undefined };
}

const name = () => `cli-${Math.random().toString(36).slice(2, 10)}`;

describe("service CLI", () => {
  const db = join(dir, "cli.db");

  it("creates accounts with plan, balance, products, Symbols scope and WebSocket add-ons", async () => {
    const sandbox = await run(db, "accounts:create", "--name", name(), "--plan", "sandbox");
    expect(sandbox.code).toBe(0);
    expect(sandbox.out).toMatchObject({ plan: "sandbox", balance: 1000, websocket_addons: [], status: "active" });
    expect((sandbox.out as { products: string[] }).products).not.toContain("symbols");

    const starter = await run(db, "accounts:create", "--name", name(), "--plan", "starter", "--balance", "42", "--products", "news,alerts", "--symbols");
    expect(starter.out).toMatchObject({ balance: 42, products: ["alerts", "news", "symbols"] });
    expect((starter.out as { websocket_addons: { product: string; tier: string }[] }).websocket_addons).toEqual(
      STREAM_PRODUCTS.map((product) => ({ product, tier: "starter_100", enabled: true })),
    );

    const pro = await run(db, "accounts:create", "--name", name(), "--plan", "pro", "--websocket", "news:pro_1000,block_deals:starter_100");
    expect(pro.out).toMatchObject({ balance: 50_000, websocket_addons: [{ product: "news", tier: "pro_1000", enabled: true }, { product: "block-deals", tier: "starter_100", enabled: true }] });
    const noWs = await run(db, "accounts:create", "--name", name(), "--plan", "pro", "--no-websocket", "--no-symbols");
    expect(noWs.out).toMatchObject({ websocket_addons: [] });

    const list = await run(db, "accounts:list");
    expect((list.out as unknown[]).length).toBe(4);
  });

  it("issues, shows and revokes keys and adds credits", async () => {
    const created = await run(db, "accounts:create", "--name", name(), "--plan", "starter");
    const accountId = (created.out as { id: string }).id;
    const issued = await run(db, "keys:issue", "--account", accountId, "--label", "ci");
    expect(issued.out).toMatchObject({ key: expect.stringMatching(/^ak_live_[0-9A-Za-z]{32}$/), account_id: accountId, label: "ci" });
    const keyId = (issued.out as { id: string }).id;

    const topped = await run(db, "credits:add", "--account", accountId, "--amount", "500");
    expect(topped.out).toEqual({ account_id: accountId, amount: 500, balance: 10_500 });

    const shown = await run(db, "accounts:show", "--account", accountId);
    expect(shown.out).toMatchObject({ id: accountId, balance: 10_500, keys: [{ id: keyId, label: "ci", revoked_at: null }] });
    expect(JSON.stringify(shown.out)).not.toContain((issued.out as { key: string }).key);

    const revoked = await run(db, "keys:revoke", "--key-id", keyId);
    expect(revoked.out).toMatchObject({ id: keyId, revoked_at: expect.any(String) });
  });

  it("prints errors as JSON on stderr and exits 1", async () => {
    const badPlan = await run(db, "accounts:create", "--name", name(), "--plan", "gold");
    expect(badPlan.code).toBe(1);
    expect(badPlan.err).toMatchObject({ error: { code: "invalid_parameter" } });
    expect((await run(db, "accounts:create", "--plan", "pro")).err).toMatchObject({ error: { message: "--name is required" } });
    expect((await run(db, "credits:add", "--account", "acc_nope", "--amount", "5")).err).toMatchObject({ error: { code: "not_found" } });
    expect((await run(db, "credits:add", "--account", "acc_nope", "--amount", "five")).code).toBe(1);
    expect((await run(db, "keys:revoke", "--key-id", "key_nope")).code).toBe(1);
    expect((await run(db, "accounts:create", "--name", name(), "--plan", "sandbox", "--websocket", "news:pro_1000")).err).toMatchObject({ error: { code: "invalid_parameter" } });
    expect((await run(db, "accounts:create", "--name", name(), "--plan", "pro", "--websocket", "weather:pro")).code).toBe(1);
    expect((await run(db, "launch:rockets")).code).toBe(1);
    expect((await run(db, "accounts:list", "--bogus")).code).toBe(1);
  });

  it("seeds the dataset once", async () => {
    const seedDb = join(dir, "seed.db");
    const first = await run(seedDb, "seed");
    expect(first.out).toMatchObject({ report: { seeded: true } });
    const second = await run(seedDb, "seed");
    expect(second.out).toMatchObject({ report: { seeded: false } });
    const opened = openDatabase(seedDb);
    expect((opened.prepare("SELECT COUNT(*) AS n FROM companies").get() as { n: number }).n).toBeGreaterThanOrEqual(150);
    opened.close();
  }, 60_000);

  it("runs as a process with the database from ALPHA_SERVICE_DB", async () => {
    const file = join(dir, "process.db");
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "service/cli.ts", "accounts:create", "--name", "proc", "--plan", "starter"], {
      env: { ...process.env, ALPHA_SERVICE_DB: file },
    });
    expect(JSON.parse(stdout)).toMatchObject({ name: "proc", plan: "starter", balance: 10_000 });
    const failed = await promisify(execFile)(process.execPath, ["--import", "tsx", "service/cli.ts", "accounts:show", "--account", "acc_x"], {
      env: { ...process.env, ALPHA_SERVICE_DB: file },
    }).catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 1 });
    expect(JSON.parse((failed as { stderr: string }).stderr)).toMatchObject({ error: { code: "not_found" } });
  }, 30_000);
});
