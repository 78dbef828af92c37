import { screenshot, untilHydrated } from "./support/desk";
import { ADMIN_STATE } from "./support/fixtures";
import { expect, test } from "./support/test";
import { forgetTheme } from "./support/theme";

const PAGES = ["/today", "/earnings", "/season", "/alerts", "/news", "/announcements", "/block-deals", "/concalls", "/watchlists", "/summaries", "/batches", "/usage", "/settings", "/admin"];

test.describe("the signed-in shell", () => {
  test.use({ storageState: ADMIN_STATE });

  test("links every page, marks the current one, and is reachable by keyboard", async ({ page }) => {
    await page.goto("/usage");
    const nav = page.getByRole("navigation", { name: "Desk" }).first();
    for (const href of PAGES) await expect(nav.locator(`a[href="${href}"]`)).toHaveCount(1);
    await expect(nav.getByRole("link", { name: "Usage" })).toHaveAttribute("aria-current", "page");

    // The first Tab reaches the skip link, which moves focus past the navigation to the page.
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();

    // The gauge stays in view while the page scrolls.
    await page.mouse.wheel(0, 2000);
    await expect(page.getByTestId("usage-gauge")).toBeInViewport();
  });

  test("pages carry a CSP with a fresh nonce their scripts run under; the desk's API a fixed policy allowing nothing", async ({ page }) => {
    const refused: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    const first = await page.goto("/usage");
    const policy = first?.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(first?.headers()["x-content-type-options"]).toBe("nosniff");
    // The page's scripts ran under that nonce: React hydrated the navigation, and the browser refused nothing.
    await untilHydrated(page.getByRole("navigation", { name: "Desk" }).first().getByRole("link", { name: "Usage" }));
    expect(refused).toEqual([]);
    const again = await page.goto("/usage");
    expect(again?.headers()["content-security-policy"]).not.toContain(`'nonce-${nonce}'`);

    for (const path of ["/api/usage", "/api/alpha/v1/news?limit=5&peek=1"]) {
      const api = await page.request.get(path);
      expect(api.status(), path).toBeLessThan(300);
      const headers = api.headers();
      expect(headers["content-security-policy"], path).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
  });

  test("the navigation's icons are drawn from one cached sprite, not inlined in every page, and a phone fetches it only for its menu", async ({ page, browser }) => {
    const sprite = page.waitForResponse((response) => new URL(response.url()).pathname === "/icons/nav.svg");
    await page.goto("/usage", { waitUntil: "load" });
    const response = await sprite;
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("immutable");
    const nav = page.getByRole("navigation", { name: "Desk" }).first();
    const icons = nav.locator("[data-slot=nav-icon]");
    const refs = await icons.evaluateAll((spans) => spans.map((s) => /^url\("?([^")]+)"?\)$/.exec(getComputedStyle(s).maskImage)?.[1] ?? ""));
    expect(refs.length).toBeGreaterThan(10);
    const served = new URL(response.url());
    const body = await (await page.request.get(served.pathname + served.search)).text();
    for (const ref of refs) {
      const url = new URL(ref);
      expect(url.pathname + url.search, ref).toBe(served.pathname + served.search);
      expect(body, ref).toContain(`<svg id="${url.hash.slice(1)}"`);
    }
    // Drawn: each icon, as the browser renders the sprite at its fragment, has strokes (an undecodable file, or a
    // fragment that shows nothing or everything, would not give one icon's coverage).
    const coverage = await page.evaluate(async (urls) => {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 24;
      const g = canvas.getContext("2d", { willReadFrequently: true });
      if (!g) throw new Error("no 2d canvas");
      const out: number[] = [];
      for (const url of urls) {
        const image = new Image(24, 24);
        image.src = url;
        await image.decode();
        g.clearRect(0, 0, 24, 24);
        g.drawImage(image, 0, 0, 24, 24);
        const { data } = g.getImageData(0, 0, 24, 24);
        let covered = 0;
        for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) covered++;
        out.push(covered / (24 * 24));
      }
      return out;
    }, refs);
    for (const [i, share] of coverage.entries()) {
      expect(share, refs[i]).toBeGreaterThan(0.05);
      expect(share, refs[i]).toBeLessThan(0.6);
    }
    expect(await nav.locator("svg, path, use").count()).toBe(0);

    // A phone hides the sidebar: loading a page does not fetch the sprite; opening the menu does, and draws from it.
    const phone = await browser.newContext({ storageState: ADMIN_STATE, viewport: { width: 390, height: 844 } });
    const phonePage = await phone.newPage();
    const asked: string[] = [];
    phonePage.on("request", (request) => {
      if (new URL(request.url()).pathname === "/icons/nav.svg") asked.push(request.url());
    });
    await phonePage.goto("/usage", { waitUntil: "load" });
    await untilHydrated(phonePage.getByRole("button", { name: "Open navigation" }));
    expect(asked).toEqual([]);
    const fetched = phonePage.waitForResponse((r) => new URL(r.url()).pathname === "/icons/nav.svg");
    await phonePage.getByRole("button", { name: "Open navigation" }).click();
    await expect(phonePage.getByRole("dialog").locator("[data-slot=nav-icon]").first()).toBeVisible();
    expect((await fetched).status()).toBe(200);
    await phone.close();
  });

  test("the build's static files skip the proxy: no page policy or nonce on them (600 bytes a file on a phone's first load), nosniff kept", async ({ page }) => {
    const scripts: string[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/_next/static/")) scripts.push(response.url());
    });
    await page.goto("/usage", { waitUntil: "load" });
    expect(scripts.length).toBeGreaterThan(3);
    for (const url of scripts) {
      const response = await page.request.get(url, { headers: { "accept-encoding": "gzip" } });
      const headers = response.headers();
      expect(response.status(), url).toBe(200);
      expect(headers["content-security-policy"], url).toBeUndefined();
      expect(headers["x-content-type-options"], url).toBe("nosniff");
      expect(headers["cache-control"], url).toContain("immutable");
    }
  });

  test("a browser gets the build's scripts and stylesheet as their Brotli copies, the same files with the same headers as Next's gzip answers", async ({ page }) => {
    const loaded: { url: string; encoding: string | undefined; size: number }[] = [];
    page.on("response", async (response) => {
      if (!new URL(response.url()).pathname.startsWith("/_next/static/")) return;
      const headers = await response.allHeaders();
      loaded.push({ url: response.url(), encoding: headers["content-encoding"], size: (await response.body()).length });
    });
    await page.goto("/alerts", { waitUntil: "load" });
    await expect.poll(() => loaded.length).toBeGreaterThan(5);
    // Every file of 1 kB or more came as Brotli (smaller ones go as they are, as Next sends them).
    const big = loaded.filter((file) => file.size >= 1024);
    expect(big.length).toBeGreaterThan(5);
    for (const file of big) expect(file.encoding, file.url).toBe("br");
    expect(big.some((file) => new URL(file.url).pathname.endsWith(".css"))).toBe(true);
    // Content-Encoding, Content-Length (or chunked), the tag and the range support differ by encoding; nothing else may.
    const perEncoding = new Set(["content-encoding", "content-length", "transfer-encoding", "etag", "accept-ranges", "date", "connection", "keep-alive"]);
    const shared = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !perEncoding.has(name)));
    for (const file of big) {
      const brotli = await page.request.get(file.url, { headers: { "accept-encoding": "br" } });
      const gzip = await page.request.get(file.url, { headers: { "accept-encoding": "gzip" } });
      expect(brotli.headers()["content-encoding"], file.url).toBe("br");
      expect(gzip.headers()["content-encoding"], file.url).toBe("gzip");
      expect(shared(brotli.headers()), file.url).toEqual(shared(gzip.headers()));
      expect((await brotli.body()).equals(await gzip.body()), file.url).toBe(true);
    }
  });

  test("switches between light and dark and keeps the choice", async ({ page }) => {
    await page.goto("/settings");
    const html = page.locator("html");
    const toggle = page.getByRole("button", { name: /Switch to (dark|light) theme/ });
    const startsDark = ((await html.getAttribute("class")) ?? "").includes("dark");
    await toggle.click();
    await expect(html).toHaveClass(startsDark ? /^(?!.*\bdark\b).*$/ : /\bdark\b/);
    const kept = (await page.context().cookies()).find((c) => c.name === "theme");
    expect(kept?.value).toBe(startsDark ? "light" : "dark");
    // The next page comes from the server already in the kept theme: the class is in its HTML, no script sets it.
    const served = await (await page.request.get(page.url())).text();
    expect(served.match(/<html[^>]*>/)?.[0] ?? "").toMatch(startsDark ? /^(?!.*\bdark\b).*$/ : /class="dark"/);
    await page.reload();
    await expect(html).toHaveClass(startsDark ? /^(?!.*\bdark\b).*$/ : /\bdark\b/);
    await forgetTheme(page);
  });

  test("keeps the spend confirmation threshold the user sets", async ({ page }) => {
    await page.goto("/settings");
    const input = page.getByLabel("Threshold (credits)");
    await untilHydrated(input);
    await input.fill("25");
    await page.getByRole("button", { name: "Save threshold" }).click();
    await expect(page.getByText("Now: ask above 25 credits.")).toBeVisible();
    await page.reload();
    await untilHydrated(input);
    await expect(input).toHaveValue("25");
    // Another tab of the desk follows a change without a reload.
    const other = await page.context().newPage();
    await other.goto("/settings");
    await untilHydrated(other.getByLabel("Threshold (credits)"));
    await expect(other.getByText("Now: ask above 25 credits.")).toBeVisible();
    await input.fill("40");
    await page.getByRole("button", { name: "Save threshold" }).click();
    await expect(other.getByText("Now: ask above 40 credits.")).toBeVisible();
    await other.close();
    await input.fill("0");
    await page.getByRole("button", { name: "Save threshold" }).click();
    await expect(page.getByText("ask before every paid action").first()).toBeVisible();
  });

  test("moves an earlier desk's choices out of localStorage into cookies, once", async ({ page }) => {
    test.setTimeout(60_000);
    const context = page.context();
    await page.goto("/settings");
    await context.clearCookies({ name: "prefs-moved" });
    await context.clearCookies({ name: "theme" });
    await page.evaluate(() => {
      localStorage.setItem("theme", "dark");
      localStorage.setItem("alpha-desk:alerts:notify", "all");
      localStorage.setItem("alpha-desk:spend-threshold:usr_earlier", "30");
    });
    await page.reload();
    // Seconds after the load, in idle time.
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === "prefs-moved")?.value, { timeout: 20_000 }).toBe("1");
    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
    expect(cookies).toMatchObject({ theme: "dark", "alerts-notify": "all" });
    // The threshold is kept by the desk now: an earlier browser's copy is forgotten, not moved into a cookie.
    expect(cookies["spend-threshold.usr_earlier"]).toBeUndefined();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => [localStorage.getItem("theme"), localStorage.getItem("alpha-desk:alerts:notify"), localStorage.getItem("alpha-desk:spend-threshold:usr_earlier")])).toEqual([null, null, null]);
    // Once: a key written after the move stays where it is.
    await page.evaluate(() => localStorage.setItem("theme", "light"));
    await page.reload();
    await page.waitForTimeout(4_000);
    expect((await context.cookies()).find((c) => c.name === "theme")?.value).toBe("dark");
    await page.evaluate(() => localStorage.removeItem("theme"));
    await context.clearCookies({ name: "alerts-notify" });
    await forgetTheme(page);
  });

  test("is an icon rail on a tablet and a menu on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 820, height: 1100 });
    await page.goto("/usage");
    const rail = page.getByRole("complementary");
    await expect(rail).toBeVisible();
    expect((await rail.boundingBox())?.width ?? 0).toBeLessThan(80);
    await rail.getByRole("link", { name: "Alerts" }).hover();
    await expect(page.getByRole("tooltip")).toHaveText("Alerts");
    await screenshot(page, "shell-tablet");

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(rail).toBeHidden();
    await page.getByRole("button", { name: "Open navigation" }).click();
    const sheet = page.getByRole("dialog");
    await expect(sheet.getByRole("link", { name: "Concalls" })).toBeVisible();
    await screenshot(page, "shell-phone-menu");
    await sheet.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(sheet).toHaveCount(0);
  });

  test("shows the not-found page for an unknown page, and a JSON 404 for an unknown API route", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByRole("link", { name: "Back to Today" })).toBeVisible();

    for (const method of ["GET", "POST"] as const) {
      const api = await page.request.fetch("/api/no-such/route", { method, headers: { Origin: new URL(page.url()).origin } });
      expect(api.status(), method).toBe(404);
      expect(api.headers()["content-type"], method).toMatch(/^application\/json/);
      expect(((await api.json()) as { error: { code: string } }).error.code, method).toBe("not_found");
    }
  });
});
