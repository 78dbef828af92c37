import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

const AXE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * axe.run in the page, on `include` (the whole document when empty) with axe's own `options`; only the violations
 * come back. axe is injected once per document: each injection sends and parses its 560 kB again, which on this
 * machine cost more than the checks (bench/README, "The test run").
 */
export async function runAxe(page: Page, options: object, include: readonly string[] = []): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(
    async ({ include, options }) => {
      type Result = { violations: AxeViolation[] };
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<Result> } }).axe;
      const context = include.length > 0 ? { include: include.map((s) => [s]) } : document;
      const { violations } = await axe.run(context, { ...options, resultTypes: ["violations"] });
      return violations.map(({ id, impact, help, nodes }) => ({
        id,
        impact: impact ?? null,
        help,
        nodes: nodes.map(({ target, failureSummary }) => ({ target: target.map(String), failureSummary })),
      }));
    },
    { include: [...include], options },
  );
}
