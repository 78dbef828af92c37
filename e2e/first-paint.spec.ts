import type { Page } from "@playwright/test";
import { ADMIN_STATE, readFixtures } from "./support/fixtures";
import { expect, test } from "./support/test";

/**
 * Issue 18 (mobile LCP): the text a page's first view is measured by — its title and its largest block of text on a
 * phone, the Largest Contentful Paint element — is in the first HTML the server sends (the shell), never only in a
 * Suspense boundary's streamed content or behind a loading state. React reveals streamed boundaries that arrive after
 * the first frame at most every 300 ms (React 19's reveal throttle), so an LCP element there paints up to 300 ms
 * after the page's first frame; in the shell, or in a fallback that shows the same text, it paints with that frame.
 * Sizes and structure only: which paint comes when is measured in bench/ (`npm run bench:lighthouse`).
 */

/** Lighthouse's mobile viewport. */
const PHONE = { width: 412, height: 823 };

/** The element holding the largest area of directly owned text in the viewport, as LCP picks text, and the h1. */
async function firstViewText(page: Page): Promise<{ largest: string; title: string }> {
  return page.evaluate(() => {
    const normal = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim();
    let best: { area: number; text: string } = { area: 0, text: "" };
    for (const el of document.body.querySelectorAll("*")) {
      if (el.closest("script, style, template, [hidden], [aria-hidden=true]")) continue;
      let left = Infinity, top = Infinity, right = -Infinity, bottom = -Infinity;
      for (const node of el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !normal(node.textContent)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const r = range.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        left = Math.min(left, r.left);
        top = Math.min(top, r.top);
        right = Math.max(right, r.right);
        bottom = Math.max(bottom, r.bottom);
      }
      if (right <= left) continue;
      const w = Math.min(right, innerWidth) - Math.max(left, 0);
      const h = Math.min(bottom, innerHeight) - Math.max(top, 0);
      const area = w > 0 && h > 0 ? w * h : 0;
      if (area > best.area) best = { area, text: normal(el.textContent) };
    }
    return { largest: best.text, title: normal(document.querySelector("h1")?.textContent ?? "") };
  });
}

/**
 * The text of the page's shell outside every Suspense boundary: its HTML up to the first streamed segment, without
 * scripts or templates, and without what sits between React's boundary markers (`<!--$-->`, `<!--$?-->` … `<!--/$-->`):
 * a boundary's content or fallback is in the first HTML only when its data happened to be ready, so text there
 * passing would be luck.
 */
async function shellText(page: Page, path: string): Promise<{ text: string; h1: string }> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const streamed = html.indexOf('<div hidden id="S:');
  const shell = streamed === -1 ? html : html.slice(0, streamed);
  return page.evaluate((markup) => {
    const doc = new DOMParser().parseFromString(markup, "text/html");
    for (const el of doc.querySelectorAll("script, style, template")) el.remove();
    let depth = 0;
    let text = "";
    let h1 = "";
    const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_COMMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === Node.COMMENT_NODE) {
        const data = (node as Comment).data;
        if (data === "/$") depth = Math.max(0, depth - 1);
        else if (data.startsWith("$")) depth++;
      } else if (depth === 0) {
        text += node.textContent;
        if (node.parentElement?.closest("h1")) h1 += node.textContent;
      }
    }
    const normal = (s: string) => s.replace(/\s+/g, " ").trim();
    return { text: normal(text), h1: normal(h1) };
  }, shell);
}

async function expectInShell(page: Page, path: string) {
  await page.goto(path, { waitUntil: "load" });
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 20_000 });
  const { largest, title } = await firstViewText(page);
  expect(largest.length, `${path}: no text in the first view`).toBeGreaterThan(20);
  const shell = await shellText(page, path);
  expect.soft(shell.h1, `${path}: its h1 is not in the first HTML outside a Suspense boundary`).toBe(title);
  expect.soft(shell.text, `${path}: its largest text in the first view is not in the first HTML outside a Suspense boundary`).toContain(largest);
}

test.describe("the first view's text is in the first HTML", () => {
  test.use({ viewport: PHONE });

  test("every page of the desk's navigation, signed in", async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ storageState: ADMIN_STATE, viewport: PHONE });
    const page = await context.newPage();
    for (const path of ["/today", "/season", "/earnings", "/alerts", "/news", "/announcements", "/block-deals", "/concalls", "/symbols/TCS", "/watchlists", "/summaries", "/batches", "/usage", "/settings", "/team"]) {
      await test.step(path, () => expectInShell(page, path));
    }
    await context.close();
  });

  test("sign-in", async ({ page }) => {
    await expectInShell(page, "/sign-in");
  });
});

/**
 * Nothing a page runs while it loads opens this browser's storage: the first localStorage read of a profile whose
 * storage is not open yet waits 20–25 ms (session 9), before the body was parsed when the theme script made it, or
 * inside React's hydration task. The browser's choices (theme, spend threshold, notifications) are cookies the server
 * renders with (lib/browser-prefs.ts); the one-time move of an earlier desk's localStorage runs seconds later, and is
 * marked done here.
 *
 * Nor does it use Intl: the first formatter a page builds loads the browser's locale data, 11–54 ms of main-thread
 * work (session 10). The desk writes its dates and numbers itself (lib/format/calendar-parts.ts, indian-digits.ts).
 */
test.describe("no page reads the browser's storage or uses Intl while it loads", () => {
  test("every page of the desk's navigation, with every choice made", async ({ browser }) => {
    test.setTimeout(120_000);
    const { deskUrl } = readFixtures();
    const context = await browser.newContext({ storageState: ADMIN_STATE, viewport: PHONE });
    await context.addCookies(
      [["prefs-moved", "1"], ["theme", "dark"], ["alerts-notify", "important"]].map(([name, value]) => ({ name: name as string, value: value as string, url: deskUrl })),
    );
    await context.addInitScript(() => {
      const reads: string[] = [];
      const watched: string[] = [];
      Object.assign(window, { __storageReads: reads, __storageWatched: watched });
      for (const name of ["localStorage", "sessionStorage", "indexedDB"] as const) {
        const get = Object.getOwnPropertyDescriptor(window, name)?.get;
        if (!get) continue;
        watched.push(name);
        Object.defineProperty(window, name, {
          configurable: true,
          get() {
            reads.push(`${name} from ${new Error().stack?.split("\n")[2]?.trim() ?? "?"}`);
            return get.call(window);
          },
        });
      }
      // Intl's constructors, and the locale-aware methods that build one inside.
      const intlUses: string[] = [];
      Object.assign(window, { __intlUses: intlUses });
      const where = () => new Error().stack?.split("\n")[3]?.trim() ?? "?";
      for (const name of ["DateTimeFormat", "NumberFormat", "PluralRules", "RelativeTimeFormat", "ListFormat", "Collator", "Segmenter", "DisplayNames"] as const) {
        const original = Intl[name] as unknown as (...args: unknown[]) => unknown;
        if (typeof original !== "function") continue;
        (Intl as unknown as Record<string, unknown>)[name] = new Proxy(original, {
          construct(target, args) {
            intlUses.push(`Intl.${name} from ${where()}`);
            return Reflect.construct(target as unknown as new (...a: unknown[]) => object, args);
          },
          apply(target, self, args) {
            intlUses.push(`Intl.${name} from ${where()}`);
            return Reflect.apply(target, self, args);
          },
        });
        watched.push(`Intl.${name}`);
      }
      for (const [proto, method, label] of [
        [Date.prototype, "toLocaleString", "Date"],
        [Date.prototype, "toLocaleDateString", "Date"],
        [Date.prototype, "toLocaleTimeString", "Date"],
        [Number.prototype, "toLocaleString", "Number"],
        [String.prototype, "localeCompare", "String"],
      ] as const) {
        const original = (proto as unknown as Record<string, (...args: unknown[]) => unknown>)[method];
        if (typeof original !== "function") continue;
        Object.defineProperty(proto, method, {
          configurable: true,
          writable: true,
          value: function (this: unknown, ...args: unknown[]) {
            intlUses.push(`${label}#${method} from ${where()}`);
            return original.apply(this, args);
          },
        });
        watched.push(`${label}#${method}`);
      }
    });
    const page = await context.newPage();
    for (const path of ["/sign-in", "/today", "/season", "/earnings", "/alerts", "/news", "/announcements", "/block-deals", "/concalls", "/symbols/TCS", "/watchlists", "/summaries", "/batches", "/usage", "/settings", "/team"]) {
      await test.step(path, async () => {
        await page.goto(path, { waitUntil: "load" });
        await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 20_000 });
        await expect(page.locator("html")).toHaveClass(/\bdark\b/);
        const { reads, watched, intlUses } = await page.evaluate(() => {
          const w = window as unknown as { __storageReads: string[]; __storageWatched: string[]; __intlUses: string[] };
          return { reads: w.__storageReads, watched: w.__storageWatched, intlUses: w.__intlUses };
        });
        // The watch itself is in place (a browser that moved these accessors would make the check pass unseen).
        expect(watched, path).toEqual([
          "localStorage", "sessionStorage", "indexedDB",
          ...["DateTimeFormat", "NumberFormat", "PluralRules", "RelativeTimeFormat", "ListFormat", "Collator", "Segmenter", "DisplayNames"].map((n) => `Intl.${n}`),
          "Date#toLocaleString", "Date#toLocaleDateString", "Date#toLocaleTimeString", "Number#toLocaleString", "String#localeCompare",
        ]);
        expect.soft(reads, path).toEqual([]);
        expect.soft(intlUses, path).toEqual([]);
      });
    }
    await context.close();
  });
});
