import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createDeskContext } from "./context";
import { startServer } from "./embedded-service";
import { loadDeskSecrets } from "./secrets";
import { tempDir } from "@/test/support/desk";

const mode = (path: string) => statSync(path).mode & 0o777;

describe("data files are the owner's only", () => {
  it("the desk: its folder 0700, desk.db and its WAL and SHM files 0600, secrets.json 0600", async () => {
    const dataDir = join(tempDir(), "data");
    const secrets = loadDeskSecrets({ dataDir });
    const ctx = await createDeskContext({ sqlitePath: join(dataDir, "desk.db"), secrets, config: { alphaBaseUrl: "http://127.0.0.1:9" } });
    await ctx.db.insertInto("desk_meta").values({ key: `k-${randomBytes(4).toString("hex")}`, value: "v" }).execute();
    expect(mode(dataDir)).toBe(0o700);
    for (const name of ["desk.db", "desk.db-wal", "desk.db-shm", "secrets.json"]) {
      expect(existsSync(join(dataDir, name)), name).toBe(true);
      expect(mode(join(dataDir, name)), name).toBe(0o600);
    }
    await ctx.close();
  });

  it("the embedded service: service.db, its WAL and SHM 0600, and its signing secret in a 0600 file, not in the database", async () => {
    const dataDir = join(tempDir(), "svc");
    const service = await startServer({ databasePath: join(dataDir, "service.db"), port: 0, host: "127.0.0.1" }, { seedScale: 0.05 });
    try {
      expect(mode(dataDir)).toBe(0o700);
      for (const name of readdirSync(dataDir)) expect(mode(join(dataDir, name)), name).toBe(0o600);
      expect(readdirSync(dataDir)).toEqual(expect.arrayContaining(["service.db", "service.db-wal", "service.db-shm", "service-signing.key"]));
      const secret = readFileSync(join(dataDir, "service-signing.key"), "utf8").trim();
      for (const name of ["service.db", "service.db-wal"]) expect(readFileSync(join(dataDir, name)).includes(secret), name).toBe(false);
    } finally {
      await service.close();
    }
  });
});
