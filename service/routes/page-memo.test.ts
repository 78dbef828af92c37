import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { newsResponseSchema } from "../../lib/alpha/news";
import * as ref from "../../test/support/service-wire-reference";
import { addCompany, addNews, call, createTestAccount, createTestService, TEST_NOW } from "../../test/support/service";
import { catalogue } from "../../lib/alpha/catalogue";
import { ManualClock } from "../clock";
import { queryObject } from "../endpoint";
import { openDatabase } from "../store/db";
import { fillMissingWire } from "../store/wire";

const dir = mkdtempSync(join(tmpdir(), "alpha-page-memo-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A service on a file database with the response cache off, so every page is read (from the rows' memo or SQLite). */
function setup(name: string) {
  const path = join(dir, `${name}.db`);
  const service = createTestService({ clock: new ManualClock(TEST_NOW), db: openDatabase(path), config: { responseCacheEntries: 0 } });
  const company = addCompany(service.db);
  const rows = Array.from({ length: 7 }, (_, i) => addNews(service.db, { symbol: company.symbol, date_ms: TEST_NOW - (i + 1) * 60_000, title: `Item ${i}` }));
  const { key } = createTestAccount(service.ctx, { balance: 1_000 });
  /** The page as the service answers it, and as the pre-issue-18 mapper answers it now. */
  const page = async (query: string) => {
    const res = await call(service, `/v1/news?${query}`, { key });
    expect(res.status).toBe(200);
    const input = catalogue.listNews.query.parse(queryObject(`/v1/news?${query}`));
    return { res, want: JSON.stringify(ref.listNews({ ctx: service.ctx, input })) };
  };
  return { path, service, company, rows, page };
}

describe("pages from the rows' JSON kept in memory", () => {
  it("answer byte for byte as the mapper, page after page and again from memory, charging each call", async () => {
    const { service, page } = setup("repeat");
    for (let pass = 0; pass < 2; pass++) {
      for (const query of ["limit=3", "limit=3&page=2", "limit=3&page=3", "limit=50", "limit=2&to=2026-05-15T11:26:00", "limit=50&sentiment=negative"]) {
        const { res, want } = await page(query);
        expect(res.text, `${query} pass ${pass}`).toBe(want);
        expect(res.charged, query).toBe(query.includes("negative") ? 0 : 1);
      }
    }
    service.close();
    service.db.close();
  });

  it("see every write at once, from any connection: an edit, a new row, a deletion, JSON written around the store", async () => {
    const { path, service, company, rows, page } = setup("writes");
    const check = async () => {
      const { res, want } = await page("limit=50");
      expect(res.text).toBe(want);
      return newsResponseSchema.parse(res.json).data;
    };
    await check();
    const other = openDatabase(path);
    other.prepare("UPDATE news SET title = 'Edited elsewhere' WHERE id = ?").run(rows[2]!.id);
    expect((await check())[2]?.title).toBe("Edited elsewhere");
    expect(fillMissingWire(other)).toBe(1);
    expect((await check())[2]?.title).toBe("Edited elsewhere");

    addNews(service.db, { symbol: company.symbol, date_ms: TEST_NOW - 1_000, title: "Newest" });
    expect((await check())[0]?.title).toBe("Newest");
    other.prepare("DELETE FROM news WHERE id = ?").run(rows[0]!.id);
    expect((await check()).map((n) => n.id)).not.toContain(rows[0]!.id);

    // Only the JSON column written (as a bug in a store would): the version moves, so memory follows the stored JSON.
    const stored = other.prepare("SELECT wire FROM news WHERE id = ?").pluck().get(rows[1]!.id) as string;
    other.prepare("UPDATE news SET wire = ? WHERE id = ?").run(stored.replace('"title":"Item 1"', '"title":"Planted"'), rows[1]!.id);
    const { res } = await page("limit=50");
    expect(newsResponseSchema.parse(res.json).data.find((n) => n.id === rows[1]!.id)?.title).toBe("Planted");
    other.close();
    service.close();
    service.db.close();
  });

  it("come from memory, kept by the dataset version alone: without the version trigger an edit would not be seen", async () => {
    const { service, rows, page } = setup("version");
    expect((await page("limit=50")).res.text).toContain('"title":"Item 3"');
    // Test only: the trigger that bumps the version on an update dropped, a row's JSON edited. The page still shows the
    // JSON held in memory (so pages do come from it), and shows the edit once anything bumps the version.
    service.db.exec("DROP TRIGGER news_update_version");
    const stored = service.db.prepare("SELECT wire FROM news WHERE id = ?").pluck().get(rows[3]!.id) as string;
    service.db.prepare("UPDATE news SET wire = ? WHERE id = ?").run(stored.replace('"title":"Item 3"', '"title":"Unseen"'), rows[3]!.id);
    expect((await page("limit=50")).res.text).toContain('"title":"Item 3"');
    service.db.prepare("UPDATE data_version SET version = version + 1 WHERE id = 1").run();
    const after = await page("limit=50");
    expect(after.res.text).toContain('"title":"Unseen"');
    service.close();
    service.db.close();
  });
});
