import { loggedRequestTimes, sandboxMember } from "./portfolio-support";
import { expect, test } from "./support/test";

/** Every page of the desk, in the order of its menu. */
/** A person's click-through pace: each page is read this long once its gauge is in. */
const READ_MS = 3_000;

/** Requests the service counted for the account so far. */
function requestsCounted(accountId: string): number {
  return loggedRequestTimes(accountId).length;
}

const PAGES = ["/today", "/season", "/earnings", "/alerts", "/news", "/announcements", "/block-deals", "/concalls", "/summaries", "/batches", "/watchlists", "/usage", "/settings"];

test.describe("the desk's own calls on a Sandbox key (10 requests a minute)", () => {
  test("every page opened in turn meets no rate-limit message", async ({ browser, deskURL }) => {
    test.setTimeout(300_000);
    const { account, page, context, refused: upstream429 } = await sandboxMember(browser, deskURL, "e2e sandbox walk");

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
