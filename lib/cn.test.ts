import path from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { collectClassTokens, modifierKey } from "@/scripts/tw-merge/class-tokens";
import { cn } from "./utils";

const REGENERATE = "a class of a kind lib/cn-config.ts does not know: run `npx tsx scripts/tw-merge/generate-config.ts`";

describe("cn (tailwind-merge with the trimmed config of lib/cn-config.ts)", () => {
  const tokens = collectClassTokens(path.resolve(import.meta.dirname, ".."));

  it("finds the sources' classes", () => {
    // Guards the collector: if it found nothing, the comparisons below would prove nothing.
    for (const t of ["flex", "items-center", "text-muted-foreground", "sr-only", "lg:not-sr-only", "size-4"]) expect(tokens).toContain(t);
  });

  it("knows every class of the sources that the full twMerge knows, and no other", () => {
    // A known class's duplicate folds into one; an unknown one is kept twice.
    const differ = tokens.filter((t) => cn(`${t} ${t}`) !== twMerge(`${t} ${t}`));
    expect(differ, REGENERATE).toEqual([]);
  });

  it("resolves every conflict between two classes of the sources as the full twMerge does", () => {
    // Only classes twMerge knows can conflict, and only with classes of the same variants and importance.
    const byKey = new Map<string, string[]>();
    for (const t of tokens) {
      if (twMerge(`${t} ${t}`) !== t) continue;
      const key = modifierKey(t);
      byKey.set(key, [...(byKey.get(key) ?? []), t]);
    }
    const differ: string[] = [];
    let pairs = 0;
    for (const list of byKey.values()) {
      for (const a of list) {
        for (const b of list) {
          if (a === b) continue;
          pairs++;
          if (cn(a, b) !== twMerge(a, b)) differ.push(`${a} ${b}: cn "${cn(a, b)}", twMerge "${twMerge(a, b)}"`);
        }
      }
    }
    expect(pairs).toBeGreaterThan(10_000);
    expect(differ, REGENERATE).toEqual([]);
  });

  it("fails on a class of a group the trimmed config does not hold", () => {
    // The property the two tests above rely on: a class outside the config is not merged as twMerge merges it.
    expect(twMerge("snap-x snap-y")).toBe("snap-y");
    expect(cn("snap-x snap-y")).toBe("snap-x snap-y");
  });

  it("keeps cn's API: conditional inputs, and the last of two conflicting classes wins", () => {
    expect(cn("px-2 py-1", false, null, undefined, { "bg-primary": true, hidden: false }, ["text-sm"], "px-4")).toBe("py-1 bg-primary text-sm px-4");
    expect(cn("text-sm/6 leading-7")).toBe(twMerge("text-sm/6 leading-7"));
  });
});
