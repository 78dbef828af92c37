import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { newsResponseSchema } from "../../lib/alpha/news";
import { ManualClock } from "../clock";
import { openDatabase } from "../store/db";
import { addCompany, addNews, call, createTestAccount, createTestService, TEST_NOW } from "../../test/support/service";

const dir = mkdtempSync(join(tmpdir(), "alpha-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("response cache", () => {
  it("answers repeats identically, charges each call, and sees every dataset write at once, from any connection", async () => {
    const path = join(dir, "cache.db");
    const service = createTestService({ clock: new ManualClock(TEST_NOW), db: openDatabase(path) });
    const c = addCompany(service.db);
    const first = addNews(service.db, { symbol: c.symbol, date_ms: TEST_NOW - 60_000 });
    const { key } = createTestAccount(service.ctx, { balance: 100 });
    const ids = async () => {
      const res = await call(service, `/v1/news?symbols=${c.symbol}`, { key });
      expect(res.charged).toBe(1);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      return newsResponseSchema.parse(res.json).data.map((n) => n.id);
    };
    expect(await ids()).toEqual([first.id]);
    expect(await ids()).toEqual([first.id]);

    const second = addNews(service.db, { symbol: c.symbol, date_ms: TEST_NOW - 30_000 });
    expect(await ids()).toEqual([second.id, first.id]);

    const other = openDatabase(path);
    other.prepare("UPDATE news SET title = 'Edited elsewhere' WHERE id = ?").run(second.id);
    const edited = newsResponseSchema.parse((await call(service, `/v1/news?symbols=${c.symbol}`, { key })).json).data[0];
    expect(edited?.title).toBe("Edited elsewhere");
    other.prepare("DELETE FROM news WHERE id = ?").run(second.id);
    expect(await ids()).toEqual([first.id]);
    other.close();
    service.close();
    service.db.close();
  });

  it("can be turned off", async () => {
    const service = createTestService({ config: { responseCacheEntries: 0 } });
    const c = addCompany(service.db);
    addNews(service.db, { symbol: c.symbol, date_ms: Date.now() - 60_000 });
    const { key } = createTestAccount(service.ctx);
    const a = await call(service, `/v1/news?symbols=${c.symbol}`, { key });
    const b = await call(service, `/v1/news?symbols=${c.symbol}`, { key });
    expect(a.text).toBe(b.text);
  });
});
