import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { AUTH_DIR } from "./fixtures";

/** The desk's log while a private desk runs: the suite's final check reads it for keys. */
export const FRESH_DESK_LOG = join(AUTH_DIR, "fresh-desk.log");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface FreshDesk {
  url: string;
  /** Its data folder (desk.db), for specs that check what the desk recorded. */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * A second desk on the suite's production build with an empty data folder: a fresh install, so first-run setup
 * and sign-in throttling can be tested without touching the shared desk's users. Its output goes to FRESH_DESK_LOG.
 */
export async function startFreshDesk(alphaBaseUrl: string): Promise<FreshDesk> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "alpha-desk-fresh-"));
  const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ALPHA_BASE_URL: alphaBaseUrl, DESK_DATA_DIR: dataDir, AUTH_TRUST_HOST: "1" };
  for (const name of ["DATABASE_URL", "DESK_URL", "NEXTAUTH_URL", "DESK_DEMO_MODE", "AUTH_SECRET", "DESK_ENCRYPTION_KEY"]) delete env[name];
  const log = createWriteStream(FRESH_DESK_LOG, { flags: "w" });
  // Like npm start: one preload stamps each request with its real peer address (per-source sign-in limits), the other
  // sends the build's static files as their Brotli copies.
  const preload = (name: string) => pathToFileURL(join(import.meta.dirname, "..", "..", "scripts", name)).href;
  const child: ChildProcess = spawn(process.execPath, ["--import", preload("peer-address.mjs"), "--import", preload("precompressed-static-preload.mjs"), nextBin, "start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: join(import.meta.dirname, "..", ".."),
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the fresh desk exited with code ${child.exitCode}; see ${FRESH_DESK_LOG}`);
    try {
      const res = await fetch(`${url}/sign-in`, { redirect: "manual" });
      if (res.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the fresh desk did not start within 60 s");
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      log.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
