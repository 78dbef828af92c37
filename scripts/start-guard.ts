/**
 * What `npm start` checks before it starts anything: the desk's port is free, and no other `npm start` uses the data
 * folder (a lock file holding its pid). Either in use → a clear refusal at once, before a second embedded service
 * opens the same service.db or a readiness probe is answered by the other copy.
 */
import { chmodSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";

export class StartRefused extends Error {}

/** Resolves when `host:port` can be bound now; rejects with StartRefused when something listens there. */
export function ensurePortFree(host: string, port: number): Promise<void> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") {
        fail(new StartRefused(`Port ${port} on ${host} is already in use (another npm start, or another server). Stop it, or set PORT to a free port.`));
      } else fail(error);
    });
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => done()));
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface DataDirLock {
  path: string;
  release(): void;
}

/**
 * Claims `${dataDir}/npm-start.lock` for this process (the folder is created 0700). A lock left by a process that is
 * gone is taken over; one held by a live process refuses with its pid.
 */
export function lockDataDir(dataDir: string, pid = process.pid): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const path = join(dataDir, "npm-start.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, `${JSON.stringify({ pid, startedAt: new Date().toISOString() })}\n`, { flag: "wx", mode: 0o600 });
      return {
        path,
        release() {
          try {
            if (readHolder(path) === pid) unlinkSync(path);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = readHolder(path);
    if (holder !== null && holder !== pid && isAlive(holder)) {
      throw new StartRefused(
        `The data folder ${resolve(dataDir)} is in use by another npm start (pid ${holder}). Stop it, or set DESK_DATA_DIR to another folder.`,
      );
    }
    unlinkSync(path); // stale: its process is gone
  }
  throw new StartRefused(`Could not claim ${path}; another npm start is starting in the same data folder.`);
}

function readHolder(path: string): number | null {
  try {
    const pid = (JSON.parse(readFileSync(path, "utf8")) as { pid?: unknown }).pid;
    return typeof pid === "number" && Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
