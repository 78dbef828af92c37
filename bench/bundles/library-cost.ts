/**
 * What each hand-written primitive saves against the library it stands in for: the exports the pages use, bundled
 * for the browser (minified, React and Next external, as in the page's chunks, which already hold them) and gzipped.
 * Usage: npx tsx bench/bundles/library-cost.ts
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const ROOT = join(import.meta.dirname, "..", "..");

interface Pair {
  name: string;
  ours: string;
  library: string;
  /** Routes whose first load holds it, from the generated budgets' route list (grep of the pages' imports). */
  usedBy: string;
}

const PAIRS: Pair[] = [
  {
    name: "URL state (useQueryState, useQueryStates, four parsers)",
    ours: `export { useQueryState, useQueryStates, parseAsArrayOf, parseAsBoolean, parseAsString, parseAsStringLiteral } from "@/lib/url-state";`,
    library: `export { useQueryState, useQueryStates, parseAsArrayOf, parseAsBoolean, parseAsString, parseAsStringLiteral } from "nuqs";
export { NuqsAdapter } from "nuqs/adapters/next/app";`,
    usedBy: "feed pages, usage, batches, season",
  },
  {
    name: "Tooltip",
    ours: `export { Tooltip, TooltipContent, TooltipTrigger, TooltipProvider } from "@/components/ui/tooltip";`,
    library: `export { Provider, Root, Trigger, Portal, Content, Arrow } from "@radix-ui/react-tooltip";`,
    usedBy: "every desk page (header gauge)",
  },
  {
    name: "Tabs",
    ours: `export { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";`,
    library: `export { Root, List, Trigger, Content } from "@radix-ui/react-tabs";`,
    usedBy: "usage, earnings, concalls",
  },
  {
    name: "Slot",
    ours: `export { Slot } from "@/components/ui/slot";`,
    library: `export { Slot } from "@radix-ui/react-slot";`,
    usedBy: "every page (Button asChild)",
  },
  {
    name: "cn (tailwind-merge)",
    ours: `export { cn } from "@/lib/utils";`,
    library: `import { clsx } from "clsx"; import { twMerge } from "tailwind-merge"; export const cn = (...a) => twMerge(clsx(a));`,
    usedBy: "every page",
  },
];

const BASELINE = `export { cn as sharedCn } from "@/lib/utils";`;

async function gzipBytes(dir: string, name: string, source: string): Promise<number> {
  const entry = join(dir, `${name}.tsx`);
  writeFileSync(entry, source);
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "silent",
    plugins: [
      {
        name: "project-alias",
        setup(b) {
          b.onResolve({ filter: /^@\// }, (args) => b.resolve(`./${args.path.slice(2)}`, { kind: args.kind, resolveDir: ROOT }));
        },
      },
    ],
    absWorkingDir: ROOT,
    external: ["react", "react-dom", "react/*", "react-dom/*", "next", "next/*", "server-only"],
    define: { "process.env.NODE_ENV": '"production"' },
    jsx: "automatic",
  });
  return gzipSync(result.outputFiles[0]!.contents, { level: 9 }).length;
}

// Inside the project, so the entries resolve its node_modules and tsconfig paths.
const cache = join(ROOT, "node_modules", ".cache");
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, "library-cost-"));
try {
  const baseline = await gzipBytes(dir, "baseline", BASELINE);
  console.log("| primitive | hand-written (gzip) | library (gzip) | saved | on |");
  console.log("|---|---:|---:|---:|---|");
  for (const [i, pair] of PAIRS.entries()) {
    // What the pages' chunks already hold (cn) is in both sides and taken off: the figures are each one's own cost.
    const base = pair.name.startsWith("cn") ? 0 : baseline;
    const withBase = (source: string) => (base ? `${source}\n${BASELINE}` : source);
    const ours = (await gzipBytes(dir, `ours${i}`, withBase(pair.ours))) - base;
    const library = (await gzipBytes(dir, `lib${i}`, withBase(pair.library))) - base;
    const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
    console.log(`| ${pair.name} | ${kb(ours)} | ${kb(library)} | ${kb(library - ours)} | ${pair.usedBy} |`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
