import path from "node:path";
import { getDefaultConfig, twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { collectClassTokens, isArbitraryProperty, modifierKey } from "@/scripts/tw-merge/class-tokens";
import { cnConfig } from "./cn-config";
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

  it("holds only the class groups in use, and merges arbitrary properties without them", () => {
    // A regenerated config that holds (nearly) every group is the generator misreading a token, not a smaller `cn`.
    expect(Object.keys(cnConfig().classGroups).length).toBeLessThan(Object.keys(getDefaultConfig().classGroups).length / 2);
    // The generator skips arbitrary properties (any merge folds them, so they would mark every group as used)...
    for (const t of ["[clip-path:inset(0_-1rem)]", "md:[mask-type:alpha]", "![color:red]", "hover:[&_svg]:[opacity:0.5]"]) expect(isArbitraryProperty(t), t).toBe(true);
    for (const t of ["w-[10px]", "[&_svg]:size-4", "shadow-[0_1px_2px_-1px_rgb(0_0_0/0.1)]", "supports-[backdrop-filter]:bg-background/75", "flex"]) expect(isArbitraryProperty(t), t).toBe(false);
    // ...which the trimmed config merges as the full one does.
    expect(cn("[clip-path:inset(0)] [clip-path:none]")).toBe(twMerge("[clip-path:inset(0)] [clip-path:none]"));
  });

  it("keeps cn's API: conditional inputs, and the last of two conflicting classes wins", () => {
    expect(cn("px-2 py-1", false, null, undefined, { "bg-primary": true, hidden: false }, ["text-sm"], "px-4")).toBe("py-1 bg-primary text-sm px-4");
    expect(cn("text-sm/6 leading-7")).toBe(twMerge("text-sm/6 leading-7"));
  });
});
