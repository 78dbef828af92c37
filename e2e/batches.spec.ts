import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { ACTIVE_SYMBOLS, chooseFile, createWatchlistViaApi, serviceBalance, signedInWithOwnAccount } from "./portfolio-support";
import { screenshotBothThemes } from "./support/desk";
import { randomSuffix } from "./support/fixtures";
import { shoot } from "./support/shots";
import { expect, test } from "./support/test";

const jsonl = (name: string, lines: readonly (object | string)[]) => ({
  name,
  mimeType: "application/jsonl",
  buffer: Buffer.from(`${lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n")}\n`),
});

async function submitChecked(page: Page, credits: number) {
  await page.getByTestId("batch-submit").click();
  const confirm = page.getByTestId("confirm-spend");
  const label = `Spend up to ${credits.toLocaleString("en-IN")} credits`;
  await expect(confirm).toContainText(`${label}?`);
  await confirm.getByRole("button", { name: label }).click();
  await expect(page).toHaveURL(/\/batches\/[^/?]+$/, { timeout: 20_000 });
}

test.describe("batch jobs", () => {
  test("a three-line JSONL is checked, priced, runs to completion, and its results open and download", async ({ browser, deskURL }) => {
    test.setTimeout(150_000);
    const { page, key } = await signedInWithOwnAccount(browser, deskURL, "e2e batches");
    await page.goto("/batches?tab=upload");
    await expect(page.getByText("No batch jobs yet")).toBeVisible();

    const file = jsonl("three.jsonl", [
      { custom_id: "large-caps-news", symbols: ACTIVE_SYMBOLS.slice(0, 20), mode: "news_context", context_window_days: 7 },
      { custom_id: "book-exposure", items: ACTIVE_SYMBOLS.slice(0, 10).map((symbol, i) => ({ symbol, exposure: 10 - i })), mode: "exposure" },
      { custom_id: "it-intraday", symbols: ["TCS", "INFY", "HCLTECH"], mode: "intraday_movements" },
    ]);
    await chooseFile(page, "batch-file", file);
    await expect(page.getByTestId("batch-file-ready")).toContainText("3 lines ready", { timeout: 20_000 });
    await expect(page.getByTestId("batch-max-cost")).toHaveAttribute("data-credits", "65");
    await expect(page.getByTestId("batch-submit")).toHaveText(/Submit 3 lines · up to 65 credits/);
    const before = await serviceBalance(key);
    await submitChecked(page, 65);

    const job = page.getByTestId("batch-job");
    await expect(job).toHaveAttribute("data-status", "completed", { timeout: 60_000 });
    await expect(page.getByTestId("batch-progress")).toHaveAttribute("data-done", "3");
    await expect(page.getByTestId("batch-time-created")).toContainText("IST");
    await expect(page.getByTestId("batch-time-completed")).toContainText("IST");
    const results = page.getByTestId("batch-results-table");
    await expect(results.locator("tbody tr")).toHaveCount(3);
    await expect(results.locator('tr[data-custom-id="large-caps-news"]')).toContainText("Generated");
    const charged = Number((await page.getByTestId("batch-charged").textContent())?.replace(/\D/g, ""));
    expect(charged).toBeGreaterThanOrEqual(50);
    expect(await serviceBalance(key)).toBe(before - charged);

    // A summary opens in full, rendered, with its symbols linked.
    await results.locator('tr[data-custom-id="large-caps-news"]').getByTestId("open-summary").click();
    const dialog = page.getByTestId("batch-summary-dialog");
    await expect(dialog.getByTestId("summary-markdown").locator("h2")).toContainText("News context");
    await expect(dialog.locator("a[data-symbol]").first()).toHaveAttribute("href", /^\/symbols\//);
    await page.keyboard.press("Escape");

    // Downloads: JSONL with one result per line, CSV with a header.
    const jsonlDownload = page.waitForEvent("download");
    await page.getByTestId("download-jsonl").click();
    const jsonlLines = readFileSync(await (await jsonlDownload).path(), "utf8").trim().split("\n");
    expect(jsonlLines.map((l) => (JSON.parse(l) as { custom_id: string }).custom_id).sort()).toEqual(["book-exposure", "it-intraday", "large-caps-news"]);
    // Issue 21: each line carries what it asked about; the streamed service file is the service's lines as they are.
    expect(jsonlLines.map((l) => (JSON.parse(l) as { input?: { symbols: string[] } }).input?.symbols.length ?? 0).every((n) => n > 0)).toBe(true);
    const streamed = page.waitForEvent("download");
    await page.getByTestId("download-jsonl-stream").click();
    const serviceLines = readFileSync(await (await streamed).path(), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { custom_id: string; input?: unknown });
    expect(serviceLines.map((l) => l.custom_id).sort()).toEqual(["book-exposure", "it-intraday", "large-caps-news"]);
    expect(serviceLines.every((l) => l.input === undefined)).toBe(true);
    const csvDownload = page.waitForEvent("download");
    await page.getByTestId("download-csv").click();
    const csv = readFileSync(await (await csvDownload).path(), "utf8");
    // Issue 21: the symbols and labels asked about sit beside each result.
    expect(csv.split("\n")[0]).toBe("custom_id,watchlist,symbols,labels,status,summary,error_code,error_message");
    expect(csv).toContain(`large-caps-news,,${ACTIVE_SYMBOLS.slice(0, 20).join(" ")},,success,`);
    await screenshotBothThemes(page, "batch-job");

    await page.goto("/batches");
    await expect(page.getByTestId("batch-jobs").locator("tbody tr")).toHaveCount(1);
    await expect(page.getByTestId("batch-jobs")).toContainText("three");
    await screenshotBothThemes(page, "batches");
  });

  test("a bad JSONL shows its line errors, and nothing is uploaded or charged", async ({ browser, deskURL }) => {
    test.setTimeout(90_000);
    const { page, key } = await signedInWithOwnAccount(browser, deskURL, "e2e bad batch");
    const uploads: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/alpha/v1/batch/jobs") && r.method() === "POST") uploads.push(r.url());
    });
    const before = await serviceBalance(key);
    await page.goto("/batches?tab=upload");
    await chooseFile(page, "batch-file",
      jsonl("bad.jsonl", [
        { custom_id: "ok-1", symbols: ["TCS"] }, // 1
        "{not json", // 2
        { custom_id: "ok-1", symbols: ["INFY"] }, // 3: repeats line 1
        { custom_id: "unknown", symbols: ["TCS", "NOSUCHCO"] }, // 4
        { custom_id: "windowed", symbols: ["TCS"], mode: "exposure", context_window_days: 9 }, // 5: 1 to 7
      ]),
    );
    const errors = page.getByTestId("batch-file-errors");
    await expect(errors).toBeVisible({ timeout: 20_000 });
    await expect(errors).toContainText("4 problems: nothing was uploaded or charged");
    await expect(errors).toContainText(/Line 2\s*not valid JSON/);
    await expect(errors).toContainText(/Line 3\s*custom_id 'ok-1' repeats line 1/);
    // Issue 21: every error names its field.
    await expect(errors).toContainText(/Line 4\s*symbols: unknown symbols: NOSUCHCO/);
    await expect(errors).toContainText(/Line 5\s*context_window_days/);
    await expect(page.getByTestId("batch-submit")).toBeDisabled();
    await shoot(page, "test-results/screenshots/batches-bad-file.png", { fullPage: true });
    expect(uploads).toEqual([]);
    expect(await serviceBalance(key)).toBe(before);
  });

  test("a running job can be cancelled, and a job with failed lines sends them again as a new job", async ({ browser, deskURL }) => {
    test.setTimeout(180_000);
    const { page } = await signedInWithOwnAccount(browser, deskURL, "e2e cancel batch");

    // 800 lines of 40 symbols each: the worker takes tens of seconds, so the job is still running when cancelled.
    const big = Array.from({ length: 800 }, (_, i) => ({ custom_id: `line-${i + 1}`, symbols: ACTIVE_SYMBOLS, mode: "news_context", context_window_days: 7 }));
    await page.goto("/batches?tab=upload");
    await chooseFile(page, "batch-file", jsonl("big.jsonl", big));
    await expect(page.getByTestId("batch-file-ready")).toContainText("800 lines ready", { timeout: 30_000 });
    await submitChecked(page, 4050);
    const job = page.getByTestId("batch-job");
    await expect(job).toHaveAttribute("data-status", "in_progress", { timeout: 20_000 });
    await shoot(page, "test-results/screenshots/batch-job-running.png");
    await page.getByTestId("batch-cancel").click();
    await expect(page.getByTestId("confirm-cancel")).toContainText(/About \d+ remaining lines will not run/);
    await expect(page.getByTestId("confirm-cancel")).toContainText("you will see the real count after");
    await page.getByRole("button", { name: "Cancel job" }).last().click();
    await expect(job).toHaveAttribute("data-status", "cancelled", { timeout: 20_000 });
    await expect(page.getByTestId("batch-cancelled-note")).toBeVisible();
    await expect(page.getByTestId("batch-time-cancelled")).toContainText("IST");
    const done = Number(await page.getByTestId("batch-progress").getAttribute("data-done"));
    expect(done).toBeLessThan(800);
    // The real count after the cancel, and the paid-for lines' results, readable and downloadable.
    await expect(page.getByTestId("cancel-report")).toContainText(new RegExp(`${done} of 800 lines had finished and ${800 - done} never ran`));
    await expect(page.getByTestId("batch-results-summary")).toContainText(`${done} ${done === 1 ? "line" : "lines"} ran before the cancel, ${800 - done} never ran`);
    await page.getByTestId("batch-status-filter").selectOption("not_run");
    await expect(page.getByTestId("batch-results-range")).toHaveText(`Lines 1–${Math.min(50, 800 - done)} of ${800 - done}`);
    await expect(page.locator('[data-testid="batch-results-table"] tbody tr:not([data-not-run])')).toHaveCount(0);
    const download = page.waitForEvent("download");
    await page.getByTestId("download-jsonl-stream").click();
    const file = await download;
    const saved = await file.path();
    const lines = readFileSync(saved, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { status: string; error: { code: string } | null });
    expect(lines).toHaveLength(800);
    expect(lines.filter((l) => l.error?.code !== "cancelled")).toHaveLength(done);
    await shoot(page, "test-results/screenshots/batch-job-cancelled.png", { fullPage: true });
    await expect(page.getByTestId("batch-cancel")).toBeHidden();

    // Built from watchlists: one good list and one whose only symbol the service does not know (its line fails).
    const suffix = randomSuffix();
    await createWatchlistViaApi(page, deskURL, `Good ${suffix}`, ACTIVE_SYMBOLS.slice(0, 5));
    await createWatchlistViaApi(page, deskURL, `Typo ${suffix}`, ["NOSUCHCO"]);
    await page.goto("/batches?tab=build&modes=exposure");
    await page.getByTestId("batch-watchlists").getByRole("checkbox", { name: new RegExp(`Good ${suffix}`) }).click();
    await page.getByTestId("batch-watchlists").getByRole("checkbox", { name: new RegExp(`Typo ${suffix}`) }).click();
    await expect(page.getByTestId("batch-built-lines")).toContainText("2 lines: 2 watchlists × 1 mode");
    await shoot(page, "test-results/screenshots/batches-build.png", { fullPage: true });
    await submitChecked(page, 60);
    await expect(page.getByTestId("batch-job")).toHaveAttribute("data-status", "completed", { timeout: 60_000 });
    await expect(page.getByTestId("batch-status")).toHaveText("Completed with failures");
    await expect(page.getByTestId("batch-failed-lines")).toContainText("1 of 2 lines failed");
    const firstJobUrl = page.url();
    await page.getByTestId("resend-failed").click();
    await page.getByTestId("confirm-spend").getByRole("button", { name: "Spend up to 55 credits" }).click();
    await expect(page).not.toHaveURL(firstJobUrl, { timeout: 20_000 });
    await expect(page.getByTestId("batch-job")).toHaveAttribute("data-status", "completed", { timeout: 60_000 });
    await expect(page.getByTestId("batch-progress")).toHaveAttribute("data-total", "1");
    await expect(page.getByTestId("batch-job")).toContainText("failed lines");
  });
});
