import { readFileSync } from "node:fs";
import { trackedSeasonAt } from "../lib/market/season";
import { pdfText } from "../test/support/pdf-text";
import { ACTIVE_SYMBOLS, chooseFile, createWatchlistViaApi, gaugeBalance, makeOwnAccount } from "./portfolio-support";
import { expectNoSeriousAxe } from "./support/axe-scoped";
import { confirmSpend, screenshotWidths, signedInNewMember } from "./support/desk";
import { fileFreshResults, serviceBalance } from "./support/service";
import { LIVE } from "./support/tags";
import { expect, test } from "./support/test";

/** What a portfolio manager forwards: a concall brief (text and PDF) made from what the desk holds, at 0 credits. */
test.describe("forwarding", () => {
  test("a concall brief with what changed since the last quarter's call: copied as text, downloaded as a one-page PDF, 0 credits", async ({ browser, deskURL }) => {
    const account = await makeOwnAccount("e2e brief");
    const { page } = await signedInNewMember(browser, deskURL, { key: account.key, context: { acceptDownloads: true, permissions: ["clipboard-read", "clipboard-write"] } });

    // The manager read last quarter's call and this quarter's (3 credits each).
    for (const quarter of ["q1_27", "q2_27"]) {
      await page.goto(`/concalls/TCS/${quarter}`);
      await page.getByTestId("load-analysis").click();
      await confirmSpend(page);
      await expect(page.getByTestId("concall-analysis")).toBeVisible();
    }
    // The gauge may not have taken the second purchase yet: read the balance from a fresh load of the page.
    await page.reload();
    await expect(page.getByTestId("concall-analysis")).toBeVisible();
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

    // The week's calls of a watchlist, in the same form, at 0 credits.
    const list = await createWatchlistViaApi(page, deskURL, `roundup ${Date.now()}`, ["TCS", "INFY", "HDFCBANK"]);
    await page.goto("/concalls");
    await page.getByTestId("open-roundup").click();
    const roundup = page.getByTestId("concall-roundup");
    await roundup.getByTestId("roundup-watchlist").selectOption(list.id);
    await roundup.getByTestId("make-roundup").click();
    await expect(roundup.getByTestId("roundup-text")).toContainText("concalls");
    await expect(roundup.getByTestId("roundup-text")).toContainText("briefed from analyses the desk holds (0 credits)");
    await expectNoSeriousAxe(page, ['[data-testid="concall-roundup"]'], "the weekly roundup");
    expect(await gaugeBalance(page)).toBe(before);
  });

  test("estimates uploaded as CSV, results filed, the scorecard moves: the filed table bought at the price shown, the surprise in the band", { tag: LIVE }, async ({ browser, deskURL }) => {
    test.setTimeout(90_000);
    const account = await makeOwnAccount("e2e scorecard");
    const { page } = await signedInNewMember(browser, deskURL, { key: account.key, context: { acceptDownloads: true } });
    const quarter = trackedSeasonAt(Date.now());
    const label = `Q${quarter[1]} FY${quarter.slice(3)}`;
    const list = await createWatchlistViaApi(page, deskURL, `scorecard ${Date.now()}`, ["TCS"]);

    await page.goto(`/season?scope=watchlist&watchlist=${list.id}`);
    const card = page.getByTestId("season-scorecard");
    const headline = card.getByTestId("scorecard-headline");
    await expect(headline).toBeVisible({ timeout: 20_000 });
    await expect(headline).not.toContainText(/beat|miss/i);

    // A bad file: every bad line named, nothing imported.
    await chooseFile(page, "estimates-file", { name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(`symbol,quarter,line_item,value,unit,basis,source,as_of\nTCS,${label},PAT,100,thousand,consolidated,model,2026-10-01\nTCS,Q9 FY27,PAT,100,crore,consolidated,model,2026-10-01\n`) });
    await expect(card.getByTestId("estimates-problem")).toContainText("line 2: the unit “thousand” is neither lakh nor crore");
    await expect(card.getByTestId("estimates-problem")).toContainText("line 3: the quarter “Q9 FY27” does not parse");

    // The company files its results now (in the simulator), and is added to the watchlist with the manager's estimate.
    const filed = await fileFreshResults(quarter);
    const pat = filed.table.rows.find((r) => r.label === "PAT")?.values[0] ?? 0;
    expect(pat).toBeGreaterThan(0);
    // The estimate, in lakh, 10% under the filed PAT: a beat by about +11.1% against a ±2% band.
    const estimateLakh = Math.round(pat * 0.9 * 100);
    // On the basis the table's own lines are in (a consolidated filing carries the standalone lines beside them).
    const basis = filed.table.basis === "standalone" ? "standalone" : "consolidated";
    await page.request.post(`${deskURL}/api/watchlists/${list.id}/items`, { data: { items: [{ symbol: filed.symbol }], mode: "merge" }, headers: { Origin: deskURL } });
    await chooseFile(page, "estimates-file", { name: "mine.csv", mimeType: "text/csv", buffer: Buffer.from(`symbol,quarter,line_item,value,unit,basis,source,as_of\n${filed.symbol},${label},PAT,${estimateLakh},lakh,${basis},own model,01/10/2026\n`) });
    await expect(card.getByTestId("estimates-imported")).toContainText("Imported 1 estimate from mine.csv");

    // The price first, then the table; the row scores against the estimate, normalised from lakh.
    const fetchTables = card.getByTestId("fetch-tables");
    await expect(fetchTables).toHaveAttribute("data-credits", "3");
    const before = await serviceBalance(account.key);
    await fetchTables.click();
    await confirmSpend(page);
    const row = card.locator(`[data-testid="scorecard-row"][data-symbol="${filed.symbol}"]`);
    await expect(row).toHaveAttribute("data-outcome", "beat", { timeout: 20_000 });
    await expect(headline).toHaveAttribute("data-beat", "1");
    await expect(headline).toContainText("1 beat");
    await expect.poll(() => serviceBalance(account.key), { timeout: 20_000 }).toBe(before - 3);

    // Exported as CSV: the same outcome.
    const downloading = page.waitForEvent("download");
    await card.getByTestId("scorecard-csv").click();
    const csv = readFileSync((await (await downloading).path()) ?? "", "utf8");
    expect(csv.split("\n").find((l) => l.startsWith(`${filed.symbol},`))).toContain(",Beat,");
    await expectNoSeriousAxe(page, ['[data-testid="season-scorecard"]'], "the scorecard");
    await screenshotWidths(page, "season-scorecard");
  });

  test("a summary in prose: what mattered most first, every figure closed by its source; copied as it reads", async ({ browser, deskURL }) => {
    const account = await makeOwnAccount("e2e prose");
    const { page } = await signedInNewMember(browser, deskURL, { key: account.key, context: { permissions: ["clipboard-read", "clipboard-write"] } });
    const list = await createWatchlistViaApi(page, deskURL, `prose ${Date.now()}`, ACTIVE_SYMBOLS.slice(0, 15));
    await page.goto(`/summaries?watchlist=${list.id}`);
    await page.getByTestId("mode-exposure").click();
    await page.getByTestId("summary-generate").click();
    await confirmSpend(page);
    const result = page.getByTestId("summary-result");
    await expect(result).toHaveAttribute("data-status", /success/, { timeout: 30_000 });
    const markdown = result.getByTestId("summary-markdown");
    await expect(markdown).toContainText(/What mattered most today|Nothing to report|Nothing material/);
    await expect(markdown).toContainText("Sources");
    // Each citation links to its source's line.
    const citation = markdown.locator("a[data-citation]").first();
    const target = (await citation.getAttribute("href")) ?? "";
    expect(target).toMatch(/^#source-\d+$/);
    await expect(markdown.locator(target)).toHaveCount(1);

    await result.getByTestId("summary-copy").click();
    await expect(result.getByTestId("summary-copy")).toContainText("Copied");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    // Every citation in the text names a listed source, and every source is cited.
    const [body = "", sources = ""] = copied.split("## Sources");
    const cited = new Set([...body.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])));
    const listed = new Set([...sources.matchAll(/^(\d+)\. /gm)].map((m) => Number(m[1])));
    expect(cited.size).toBeGreaterThan(0);
    expect([...cited].sort((a, b) => a - b)).toEqual([...listed].sort((a, b) => a - b));
    await expectNoSeriousAxe(page, ['[data-testid="summary-result"]'], "the prose summary");
  });
});
