import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ManualClock, systemClock } from "../clock";
import { openDatabase } from "../store/db";
import { RateLimiter } from "./rate-limit";

const fixture = fileURLToPath(new URL("./fixtures/limiter-process.ts", import.meta.url));
const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

describe("RateLimiter", () => {
  it("allows rpm requests per sliding minute and reports the window", () => {
    const db = openDatabase(":memory:");
    const clock = new ManualClock("2026-05-15T06:00:00Z");
    const limiter = new RateLimiter(db, clock);
    const limits = { rpm: 3, daily: 100 };
    const first = limiter.take("acc_a", limits);
    expect(first).toMatchObject({ allowed: true, window: "minute", limit: 3, remaining: 2 });
    expect(first.reset).toBe(Math.ceil((clock.now().getTime() + 60_000) / 1000));
    clock.advance(20_000);
    limiter.take("acc_a", limits);
    clock.advance(20_000);
    expect(limiter.take("acc_a", limits).remaining).toBe(0);
    const refused = limiter.take("acc_a", limits);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfter: 20 });
    expect(limiter.usage("acc_a")).toEqual({ requestsLastMinute: 3, requestsToday: 3 });
    // Another account has its own windows.
    expect(limiter.take("acc_b", limits).allowed).toBe(true);
    clock.advance(20_000); // the first request leaves the window
    expect(limiter.take("acc_a", limits)).toMatchObject({ allowed: true, remaining: 0 });
    limiter.close();
  });

  it("counts the daily limit over the Asia/Kolkata day and survives a restart", () => {
    const db = openDatabase(":memory:");
    const clock = new ManualClock("2026-05-15T18:25:00Z"); // 23:55 IST
    const limits = { rpm: 100, daily: 2 };
    const limiter = new RateLimiter(db, clock);
    expect(limiter.take("acc_d", limits).allowed).toBe(true);
    clock.advance(61_000);
    const second = limiter.take("acc_d", limits);
    expect(second).toMatchObject({ allowed: true, window: "day", remaining: 0 });
    expect(second.reset).toBe(Date.parse("2026-05-15T18:30:00Z") / 1000);
    const refused = limiter.take("acc_d", limits);
    expect(refused).toMatchObject({ allowed: false, window: "day" });
    expect(refused.retryAfter).toBe(Math.ceil((Date.parse("2026-05-15T18:30:00Z") - clock.now().getTime()) / 1000));
    limiter.close();

    const restarted = new RateLimiter(db, clock);
    expect(restarted.take("acc_d", limits).allowed).toBe(false);
    clock.set("2026-05-15T18:30:00Z"); // midnight IST: a new day
    expect(restarted.take("acc_d", limits)).toMatchObject({ allowed: true, remaining: 1 });
    restarted.close();
    expect((db.prepare("SELECT COUNT(*) AS n FROM request_log").get() as { n: number }).n).toBe(3);
  });
});

describe("RateLimiter durability", () => {
  it("commits the counts of one turn together, and each caller's durable() waits for its own", async () => {
    const db = openDatabase(":memory:");
    const limiter = new RateLimiter(db, new ManualClock("2026-05-15T06:00:00Z"));
    const rows = () => (db.prepare("SELECT COUNT(*) AS n FROM request_log").get() as { n: number }).n;
    const waits = Array.from({ length: 5 }, (_, i) => {
      expect(limiter.take(`acc_${i % 2}`, { rpm: 10, daily: 100 }).allowed).toBe(true);
      return limiter.durable();
    });
    expect(rows()).toBe(0); // counted in memory, not yet committed: nobody has gone on
    await Promise.all(waits);
    expect(rows()).toBe(5);
    expect(limiter.take("acc_0", { rpm: 10, daily: 100 }).allowed).toBe(true);
    limiter.close(); // a count taken before close is committed by it
    expect(rows()).toBe(6);
    db.close();
  });

  it("loses no count when its process is killed (kill -9) right after answering", async () => {
    const dir = mkdtempSync(join(tmpdir(), "alpha-rate-crash-"));
    const path = join(dir, "service.db");
    openDatabase(path).close();
    const child = spawn(process.execPath, ["--import", "tsx", fixture, path], { cwd: repoRoot, stdio: ["pipe", "pipe", "pipe"] });
    try {
      const lines = createInterface({ input: child.stdout });
      const answers: string[] = [];
      const sixAllowed = new Promise<void>((resolve) =>
        lines.on("line", (line) => {
          if (line === "ready") for (let i = 0; i < 6; i++) child.stdin.write("acc_crash 10\n");
          else answers.push(line);
          if (answers.length === 6) {
            child.kill("SIGKILL"); // the instant the sixth answer is out, nothing else runs
            resolve();
          }
        }),
      );
      await sixAllowed;
      await new Promise((resolve) => child.once("exit", resolve));
      expect(answers).toEqual(Array(6).fill("allowed"));
      const db = openDatabase(path);
      const after = new RateLimiter(db, systemClock);
      const decisions = Array.from({ length: 6 }, () => after.take("acc_crash", { rpm: 10, daily: 1_000 }).allowed);
      expect(decisions).toEqual([true, true, true, true, false, false]);
      after.close();
      db.close();
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
