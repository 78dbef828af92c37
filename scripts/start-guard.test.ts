import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { ensurePortFree, lockDataDir, StartRefused } from "./start-guard";

const ROOT = join(import.meta.dirname, "..");
const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "alpha-start-guard-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function listen(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return { server, port: address.port };
}

function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

/** `npm start` itself, in a fresh data folder; resolves with its exit code and output. */
function runStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ["--import", "tsx", "--conditions=react-server", join(ROOT, "scripts", "start.ts")],
      { cwd: ROOT, env: { ...process.env, NODE_ENV: "production", ...env }, timeout: 30_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    );
    cleanups.push(() => void child.kill("SIGKILL"));
  });
}

describe("npm start refuses what is in use", () => {
  it("ensurePortFree refuses a port something listens on, and passes a free one", async () => {
    const { port } = await listen();
    await expect(ensurePortFree("127.0.0.1", port)).rejects.toThrow(StartRefused);
    await expect(ensurePortFree("127.0.0.1", port)).rejects.toThrow(`Port ${port} on 127.0.0.1 is already in use`);
    const { server, port: other } = await listen();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await expect(ensurePortFree("127.0.0.1", other)).resolves.toBeUndefined();
  });

  it("lockDataDir: one holder at a time; a live holder refuses, a dead one's lock is taken over; the folder is 0700", () => {
    const dir = join(tempDir(), "data");
    const lock = lockDataDir(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(lock.path).mode & 0o777).toBe(0o600);
    // Another process (pid 1 is always alive) asking for the same folder is refused, naming the holder.
    expect(() => lockDataDir(dir, 1)).toThrow(`in use by another npm start (pid ${process.pid})`);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);

    // A lock left by a process that is gone: taken over.
    writeFileSync(lock.path, JSON.stringify({ pid: 2 ** 22 + 12345 }));
    const again = lockDataDir(dir);
    expect(JSON.parse(readFileSync(again.path, "utf8")).pid).toBe(process.pid);
    again.release();
  });

  it("npm start with the port taken refuses at once and opens nothing in the data folder", async () => {
    const { port } = await listen();
    const dataDir = join(tempDir(), "data");
    const result = await runStart({ PORT: String(port), DESK_DATA_DIR: dataDir, ALPHA_SERVICE_PORT: "0" });
    expect(result.code).toBe(1);
    expect(result.output).toContain(`npm start refused: Port ${port} on 127.0.0.1 is already in use`);
    expect(result.output).not.toContain("is ready");
    expect(existsSync(join(dataDir, "service.db"))).toBe(false);
  });

  it("npm start with the data folder held by a running copy refuses at once and opens no second service.db", async () => {
    const { server, port } = await listen();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const dataDir = join(tempDir(), "data");
    const holder = lockDataDir(dataDir, 1);
    cleanups.push(() => rmSync(holder.path, { force: true }));
    const result = await runStart({ PORT: String(port), DESK_DATA_DIR: dataDir, ALPHA_SERVICE_PORT: "0" });
    expect(result.code).toBe(1);
    expect(result.output).toContain("is in use by another npm start (pid 1)");
    expect(existsSync(join(dataDir, "service.db"))).toBe(false);
  });
});

describe("children die with the parent", () => {
  it("a child started with exit-with-parent stops when its parent is killed with SIGKILL", async () => {
    const { server, port } = await listen();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const preload = pathToFileURL(join(ROOT, "scripts", "exit-with-parent.mjs")).href;
    // The parent spawns a child that holds a port, as npm start spawns next-server, then reports the child's pid.
    const parentCode = `
      const { spawn } = require("node:child_process");
      const child = spawn(process.execPath, ["--import", ${JSON.stringify(preload)}, "-e",
        "require('node:net').createServer().listen(${port}, '127.0.0.1', () => console.log('listening'))"],
        { stdio: ["ignore", "pipe", "inherit", "pipe"], env: { ...process.env, ALPHA_DESK_PARENT_FD: "3" } });
      child.stdout.on("data", (d) => { if (String(d).includes("listening")) console.log("child " + child.pid); });
      setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ["-e", parentCode], { stdio: ["ignore", "pipe", "inherit"] });
    cleanups.push(() => void parent.kill("SIGKILL"));
    const childPid = await new Promise<number>((resolve) => {
      parent.stdout.on("data", (d: Buffer) => {
        const match = /child (\d+)/.exec(String(d));
        if (match) resolve(Number(match[1]));
      });
    });
    cleanups.push(() => {
      try {
        process.kill(childPid, "SIGKILL");
      } catch {
        // gone, as it should be
      }
    });
    await expect(ensurePortFree("127.0.0.1", port)).rejects.toThrow(StartRefused);
    parent.kill("SIGKILL");
    await exited(parent);
    // Wait on the condition: the child's port becomes free once it has stopped.
    const deadline = Date.now() + 10_000;
    let free = false;
    while (!free && Date.now() < deadline) {
      free = await ensurePortFree("127.0.0.1", port).then(
        () => true,
        () => false,
      );
      if (!free) await new Promise((r) => setTimeout(r, 50));
    }
    expect(free).toBe(true);
    // Gone, or a zombie waiting for whoever adopted it to reap it: either way no longer running.
    const stat = existsSync(`/proc/${childPid}/stat`) ? readFileSync(`/proc/${childPid}/stat`, "utf8") : "";
    expect(stat === "" || /^\d+ \(.*\) Z /.test(stat)).toBe(true);
  });
});
