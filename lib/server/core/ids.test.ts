import { describe, expect, it } from "vitest";
import { newId, newSequentialId } from "./ids";

describe("ids", () => {
  it("newId: the prefix and 32 random hex digits", () => {
    expect(newId("usr")).toMatch(/^usr_[0-9a-f]{32}$/);
    expect(newId("usr")).not.toBe(newId("usr"));
  });

  it("newSequentialId: the time in milliseconds first, so ids of later rows sort after earlier ones", () => {
    const at = Date.UTC(2026, 10, 25, 9, 15, 0, 123);
    const id = newSequentialId("spn", at);
    expect(id).toMatch(/^spn_[0-9a-f]{32}$/);
    expect(id.slice(4, 16)).toBe(at.toString(16).padStart(12, "0"));
    const made = Array.from({ length: 200 }, (_, i) => newSequentialId("spn", at + i * 7));
    expect([...made].sort()).toEqual(made);
    // Of one millisecond, this process's ids sort in the order they were made (a count after the time), and several
    // instances' ids still differ: 64 random bits after the count.
    const inOneMs = Array.from({ length: 1000 }, () => newSequentialId("spn", at));
    expect(new Set(inOneMs).size).toBe(1000);
    expect([...inOneMs].sort()).toEqual(inOneMs);
    const randomParts = inOneMs.map((s) => s.slice(20));
    expect(new Set(randomParts.map((s) => s[0])).size).toBeGreaterThan(8);
  });

  it("newSequentialId: a clock before 1970 or past 12 hex digits still gives 32 digits", () => {
    expect(newSequentialId("spn", -5)).toMatch(/^spn_000000000000[0-9a-f]{20}$/);
    expect(newSequentialId("spn", 2 ** 50)).toMatch(/^spn_[0-9a-f]{32}$/);
  });
});
