import { join } from "node:path";
import Database from "better-sqlite3";
import { makeOwnAccount } from "./portfolio-support";
import { signedInNewMember } from "./support/desk";
import { readFixtures } from "./support/fixtures";
import { expect, test } from "./support/test";

/** Every page of the desk, in the order of its menu. */
/** A person's click-through pace: each page is read this long once its gauge is in. */
const READ_MS = 3_000;

/** Requests the service counted for the account so far (its own request log, read-only: reading costs no request). */
function requestsCounted(accountId: string): number {
  const dataDir = readFixtures().dataDir;
  if (!dataDir) throw new Error("the e2e fixtures name no dataDir");
  const db = new Database(join(dataDir, "service.db"), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM request_log WHERE account_id = ?").get(accountId) as { n: number }).n;
  } finally {
    db.close();
  }
}

const PAGES = ["/today", "/season", "/earnings", "/alerts", "/news", "/announcements", "/block-deals", "/concalls", "/summaries", "/batches", "/watchlists", "/usage", "/settings"];

test.describe("the desk's own calls on a Sandbox key (10 requests a minute)", () => {
  test("every page opened in turn meets no rate-limit message", async ({ browser, deskURL }) => {
    test.setTimeout(300_000);
    const account = await makeOwnAccount("e2e sandbox walk", 1_000, { plan: "sandbox" });
    const { page, context } = await signedInNewMember(browser, deskURL, { key: account.key });

    const upstream429: string[] = [];
    page.on("response", (response) => {
      if (response.url().startsWith(deskURL) && response.status() === 429) upstream429.push(response.url());
    });
    const perPage: Record<string, number> = { "key saved": requestsCounted(account.accountId) };
    const started = Date.now();
    for (const path of PAGES) {
      const before = requestsCounted(account.accountId);
      await page.goto(path);
      await expect(page.getByRole("main")).toBeVisible();
      // The gauge in the top bar loads on every page from the shared snapshot.
      await expect(page.getByTestId("usage-gauge")).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
      // Live pages keep a stream open, so the network never idles: each page is read for a few seconds, as a person
      // clicking through would (the whole walk fits in one minute of the Sandbox's 10 requests).
      await page.waitForTimeout(READ_MS);
      await expect(page.getByText(/rate limit/i), `${path} shows a rate-limit message`).toHaveCount(0);
      perPage[path] = requestsCounted(account.accountId) - before;
    }
    const total = requestsCounted(account.accountId);
    console.log(JSON.stringify({ msg: "sandbox walk: upstream requests per page", perPage, total, walkSeconds: Math.round((Date.now() - started) / 1000) }));
    // Ten requests a minute: the whole walk, key check included, stays inside one minute's allowance.
    expect(total, "upstream requests of the walk").toBeLessThanOrEqual(10);
    expect(upstream429, "desk answers of 429").toEqual([]);
    await context.close();
  });
});
