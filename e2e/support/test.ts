import { test as base, expect, type Response } from "@playwright/test";
import { knownKeys } from "./fixtures";
import { issuedKeys } from "./service";

/** The keys found in `text`: one scan per distinct key prefix, not one per key (a run issues hundreds). */
function keysIn(text: string, keys: readonly string[]): string[] {
  const byPrefix = new Map<string, string[]>();
  for (const key of keys) byPrefix.set(key.slice(0, 8), [...(byPrefix.get(key.slice(0, 8)) ?? []), key]);
  const found = new Set<string>();
  for (const [prefix, group] of byPrefix) {
    for (let at = text.indexOf(prefix); at !== -1; at = text.indexOf(prefix, at + 1)) {
      for (const key of group) if (text.startsWith(key, at)) found.add(key);
    }
  }
  return [...found];
}

/** Throws when a text holds any Alpha key the suite knows, any key made in this worker, or any extra secret given. */
export function expectNoKeys(text: string, where: string, extra: readonly string[] = []) {
  const found = keysIn(text, [...knownKeys(), ...issuedKeys, ...extra]);
  expect(found.length === 0, `an Alpha key (${found.map((key) => `…${key.slice(-4)}`).join(", ")}) appeared in ${where}`).toBe(true);
}

const TEXTUAL = /json|html|text|javascript|x-component/;

/** A finished response's body; a body the browser has already dropped (a page navigated away) reads as empty. */
function bodyOf(response: Response): Promise<string> {
  const timeout = new Promise<string>((resolve) => setTimeout(() => resolve(""), 2_000));
  return Promise.race([response.text().catch(() => ""), timeout]);
}

/**
 * The desk's test: every response the page finishes receiving (HTML, RSC payloads, /api JSON, scripts) is checked
 * for Alpha keys (the build's static files once, after the run), so the "key never reaches the browser" rule is
 * checked by every spec that uses it.
 */
export const test = base.extend<{ keyGuard: void; deskURL: string }>({
  /** The desk's base URL: playwright.config.ts sets it for every project. */
  deskURL: async ({ baseURL }, provide) => {
    if (!baseURL) throw new Error("baseURL is not set");
    await provide(baseURL);
  },
  keyGuard: [
    async ({ page }, use) => {
      const checks: Promise<{ url: string; text: string }>[] = [];
      page.on("requestfinished", (request) => {
        // The build's static files are the same bytes on every page: secrets.teardown.ts checks them once.
        if (new URL(request.url()).pathname.startsWith("/_next/static/")) return;
        checks.push(
          request.response().then(async (response) => {
            if (!response || !TEXTUAL.test(response.headers()["content-type"] ?? "")) return { url: request.url(), text: "" };
            return { url: request.url(), text: await bodyOf(response) };
          }),
        );
      });
      await use();
      for (const { url, text } of await Promise.all(checks)) expectNoKeys(text, `the response of ${url}`);
    },
    { auto: true },
  ],
});

export { expect };
