import { readFileSync } from "node:fs";
import { pdfText } from "../test/support/pdf-text";
import { gaugeBalance, makeOwnAccount } from "./portfolio-support";
import { expectNoSeriousAxe } from "./support/axe-scoped";
import { confirmSpend, screenshotWidths, signedInNewMember } from "./support/desk";
import { expect, test } from "./support/test";

/** What a portfolio manager forwards: a concall brief (text and PDF) made from what the desk holds, at 0 credits. */
test.describe("forwarding", () => {
  test("a concall brief with what changed since the last quarter's call: copied as text, downloaded as a one-page PDF, 0 credits", async ({ browser, baseURL }) => {
    if (!baseURL) throw new Error("baseURL is not set");
    const account = await makeOwnAccount("e2e brief");
    const { page } = await signedInNewMember(browser, baseURL, { key: account.key, context: { acceptDownloads: true, permissions: ["clipboard-read", "clipboard-write"] } });

    // The manager read last quarter's call and this quarter's (3 credits each).
    for (const quarter of ["q1_27", "q2_27"]) {
      await page.goto(`/concalls/TCS/${quarter}`);
      await page.getByTestId("load-analysis").click();
      await confirmSpend(page);
      await expect(page.getByTestId("concall-analysis")).toBeVisible();
    }
    const before = await gaugeBalance(page);

    const panel = page.getByTestId("concall-brief");
    await panel.getByTestId("make-brief").click();
    const text = panel.getByTestId("brief-text");
    await expect(text).toContainText("TCS");
    await expect(text).toContainText("Q2 FY27 concall brief");
    await expect(text).toContainText("What changed since the Q1 FY27 call");
    await expect(text).not.toContainText("does not hold");
    await expect(text).toContainText("[from the service's analysis]");

    await panel.getByTestId("copy-brief").click();
    await expect(panel.getByTestId("copy-brief")).toContainText("Copied");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await text.textContent());

    const downloading = page.waitForEvent("download");
    await panel.getByTestId("brief-pdf").click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("TCS-q2_27-concall-brief.pdf");
    const bytes = readFileSync((await download.path()) ?? "");
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const pdf = pdfText(bytes).replace(/\s+/g, " ");
    expect(pdf).toContain("Q2 FY27 concall brief");
    expect(pdf).toContain("Guidance (verbatim)");
    expect(pdf).toContain("What changed since the Q1 FY27 call");
    expect((bytes.toString("latin1").match(/\/Type \/Page\b/g) ?? []).length).toBe(1);

    // Nothing was charged for the brief or its PDF.
    await page.reload();
    expect(await gaugeBalance(page)).toBe(before);
    // The analysis the desk holds shows again without asking (0 credits), and with it the brief.
    await expect(page.getByTestId("concall-analysis")).toBeVisible();
    await page.getByTestId("make-brief").click();
    await expect(page.getByTestId("brief-text")).toBeVisible();
    await expectNoSeriousAxe(page, ['[data-testid="concall-brief"]'], "the concall brief");
    await screenshotWidths(page, "concall-brief");
  });
});
