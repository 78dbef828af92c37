import { makeOwnAccount } from "./portfolio-support";
import { signedInNewMember } from "./support/desk";
import { freeCall, serviceBalance } from "./support/service";
import { expect, test } from "./support/test";
import { checkWidthsAndThemes } from "./support/widths";

const origin = (deskURL: string) => ({ Origin: new URL(deskURL).origin });

test.describe("no paying again for nothing new", () => {
  test("a call's transcript links the desk still holds open at 0 credits, with no price offered", async ({ browser, deskURL }, testInfo) => {
    test.setTimeout(150_000);
    const account = await makeOwnAccount("e2e links held");
    const { page, context } = await signedInNewMember(browser, deskURL, { key: account.key });

    // The quarters TCS held calls in (free), newest first; the links of the first with a transcript are bought once.
    const index = JSON.stringify(await freeCall(account.key, "/v1/concalls/index?symbols=TCS"));
    const quarters = [...new Set(index.match(/q[1-4]_\d{2}/g) ?? [])].sort((a, b) => b.slice(3).localeCompare(a.slice(3)) || b.localeCompare(a));
    let bought: string | null = null;
    for (const quarter of quarters) {
      const res = await page.request.post("/api/alpha/v1/concalls/transcripts", { data: { items: [{ symbol: "TCS", quarter }] }, headers: origin(deskURL) });
      expect(res.status(), await res.text()).toBe(200);
      const body = (await res.json()) as { data: { data: { status: string }[] }; meta: { creditsCharged: number } };
      if (body.data.data[0]?.status === "ready") {
        expect(body.meta.creditsCharged).toBe(4);
        bought = quarter;
        break;
      }
    }
    if (!bought) throw new Error(`no TCS call with a transcript among ${quarters.join(", ")}`);
    const before = await serviceBalance(account.key);

    // Opening the call's page afterwards (a new visit, nothing in the browser) shows the links at once, for nothing.
    await page.goto(`/concalls/TCS/${bought}`);
    await expect(page.getByTestId("assets-ready")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("links-charged")).toHaveAttribute("data-credits", "0");
    await expect(page.getByTestId("get-transcript")).toHaveCount(0);
    await expect(page.getByTestId("expiry-countdown")).toHaveText(/^\d+:\d{2}$/);
    await expect(page.getByTestId("transcript-reader").getByTestId("transcript-turn").first()).toBeVisible();
    expect(await serviceBalance(account.key)).toBe(before);
    await checkWidthsAndThemes(page, testInfo, "concall-links-held", '[data-testid="assets-ready"]');
    await context.close();
  });
});
