import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { SCREENSHOT_DIR } from "./fixtures";

/**
 * Review pictures are for a person to look at: taken on a developer's run, skipped in CI where nobody opens them
 * (E2E_SHOTS=1 takes them anyway, E2E_SHOTS=0 skips them). No assertion depends on one.
 */
export const SHOTS = process.env.E2E_SHOTS ? process.env.E2E_SHOTS !== "0" : !!process.env.E2E_SHOTS_DIR || !process.env.CI;

/** Where the width-by-width pictures go: E2E_SHOTS_DIR when set (a reviewer's folder), else the suite's folder. */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? SCREENSHOT_DIR;

type ShotOptions = Omit<NonNullable<Parameters<Page["screenshot"]>[0]>, "path">;

/** A review picture of the page or an element at `path`, when pictures are taken. */
export async function shoot(target: Page | Locator, path: string, options: ShotOptions = {}): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(dirname(path), { recursive: true });
  await target.screenshot({ path, ...options });
}
