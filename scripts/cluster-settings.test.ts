import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SIDE_BUILD_TSCONFIG } from "./build-freshness";
import { embeddedServiceConfig, ROOT, startEmbeddedService } from "./embedded";

/** An environment of just these variables. */
const envOf = (vars: Record<string, string>) => vars as NodeJS.ProcessEnv;
const require = createRequire(import.meta.url);
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  vi.unstubAllEnvs();
  vi.resetModules();
});
function temp(): string {
  const dir = mkdtempSync(join(tmpdir(), "alpha-cluster-settings-"));
  dirs.push(dir);
  return dir;
}

describe("the embedded service's settings, shared by npm start and npm run cluster", () => {
  it("defaults to the data folder's database and market calendar, the simulator on", () => {
    const config = embeddedServiceConfig(envOf({}), "/srv/desk");
    expect(config).toMatchObject({ databasePath: "/srv/desk/service.db", marketCalendarPath: "/srv/desk/market-calendar.json", simulator: true, port: 4010 });
  });

  it("follows ALPHA_SERVICE_DB, ALPHA_SERVICE_MARKET_CALENDAR, ALPHA_SERVICE_SIMULATOR and the other ALPHA_SERVICE_* variables", () => {
    const config = embeddedServiceConfig(
      envOf({ ALPHA_SERVICE_DB: "/var/alpha/real.db", ALPHA_SERVICE_MARKET_CALENDAR: "/etc/alpha/calendar.json", ALPHA_SERVICE_SIMULATOR: "off", ALPHA_SERVICE_PORT: "4999" }),
      "/srv/desk",
    );
    expect(config).toMatchObject({ databasePath: "/var/alpha/real.db", marketCalendarPath: "/etc/alpha/calendar.json", simulator: false, port: 4999 });
  });

  it("starts the service on the database ALPHA_SERVICE_DB names, not the data folder's", async () => {
    const dataDir = temp();
    const elsewhere = join(temp(), "elsewhere.db");
    const service = await startEmbeddedService(
      { ...embeddedServiceConfig(envOf({ ALPHA_SERVICE_DB: elsewhere, ALPHA_SERVICE_SIMULATOR: "0" }), dataDir), port: 0 },
      { seedScale: 0.02 },
    );
    try {
      expect(existsSync(elsewhere)).toBe(true);
      expect(existsSync(join(dataDir, "service.db"))).toBe(false);
    } finally {
      await service.close();
    }
  });

  it("both scripts start the service with these settings and write the desk's calendar for it", () => {
    for (const script of ["start.ts", "cluster.ts"]) {
      const source = readFileSync(join(ROOT, "scripts", script), "utf8");
      expect(source, script).toContain("startEmbeddedService(embeddedServiceConfig(env, dataDir))");
      expect(source, script).toContain("syncCalendarFile(desk, join(dataDir, MARKET_CALENDAR_FILE_NAME))");
    }
  });
});

describe("a build into another folder writes no tracked file", () => {
  const writeDefaults = (tsconfigPath: string, distDir: string) => {
    const { writeConfigurationDefaults } = require("next/dist/lib/typescript/writeConfigurationDefaults") as {
      writeConfigurationDefaults: (version: string, path: string, firstTime: boolean, appDir: boolean, distDir: string, pagesDir: boolean, strictRouteTypes: boolean) => Promise<void>;
    };
    const { version } = require("typescript") as { version: string };
    return writeConfigurationDefaults(version, tsconfigPath, false, true, distDir, false, false);
  };

  it("reads tsconfig.side-build.json there, and .next's build reads tsconfig.json", async () => {
    vi.stubEnv("NEXT_DIST_DIR", ".next-cluster");
    const side = (await import("../next.config")).default;
    expect(side.distDir).toBe(".next-cluster");
    expect(side.typescript?.tsconfigPath).toBe(SIDE_BUILD_TSCONFIG);
    vi.resetModules();
    vi.stubEnv("NEXT_DIST_DIR", undefined);
    const main = (await import("../next.config")).default;
    expect(main.distDir).toBe(".next");
    expect(main.typescript?.tsconfigPath).toBeUndefined();
  });

  it("Next.js leaves tsconfig.side-build.json and tsconfig.json as they are, where it would rewrite tsconfig.json itself", async () => {
    const dir = temp();
    for (const file of ["tsconfig.json", SIDE_BUILD_TSCONFIG]) copyFileSync(join(ROOT, file), join(dir, file));
    const before = readFileSync(join(dir, "tsconfig.json"), "utf8");
    const sideBefore = readFileSync(join(dir, SIDE_BUILD_TSCONFIG), "utf8");
    await writeDefaults(join(dir, SIDE_BUILD_TSCONFIG), ".next-cluster");
    expect(readFileSync(join(dir, SIDE_BUILD_TSCONFIG), "utf8")).toBe(sideBefore);
    expect(readFileSync(join(dir, "tsconfig.json"), "utf8")).toBe(before);
    // .next's build reading tsconfig.json: nothing to add. Another folder's, reading it: its types are added.
    await writeDefaults(join(dir, "tsconfig.json"), ".next");
    expect(readFileSync(join(dir, "tsconfig.json"), "utf8")).toBe(before);
    await writeDefaults(join(dir, "tsconfig.json"), ".next-cluster");
    expect(readFileSync(join(dir, "tsconfig.json"), "utf8")).toContain(".next-cluster/types/**/*.ts");
  });

  it("git ignores what a cluster run writes, and tracks the side build's config", () => {
    const written = ["data/cluster/service.db", "data/cluster/market-calendar.json", "data/cluster/next-build.log", "data/cluster/demo.json", ".next-cluster/BUILD_ID", "next-env.d.ts"];
    const ignored = execFileSync("git", ["check-ignore", "--no-index", ...written], { cwd: ROOT, encoding: "utf8" }).trim().split("\n");
    expect(ignored).toEqual(written);
    expect(() => execFileSync("git", ["check-ignore", "--no-index", SIDE_BUILD_TSCONFIG], { cwd: ROOT, stdio: "pipe" })).toThrow();
  });
});
