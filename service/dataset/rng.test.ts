import { describe, expect, it } from "vitest";
import { createRng, hashHex, makeId } from "./rng";

describe("rng", () => {
  it("repeats the same stream for the same seed and differs for another", () => {
    const seed = `seed-${Math.random()}`;
    const a = createRng(seed);
    const b = createRng(seed);
    const c = createRng(`${seed}x`);
    const xs = Array.from({ length: 50 }, () => a.uint32());
    expect(Array.from({ length: 50 }, () => b.uint32())).toEqual(xs);
    expect(Array.from({ length: 50 }, () => c.uint32())).not.toEqual(xs);
  });

  it("forks streams by label, independent of how far the parent has run", () => {
    const a = createRng(7);
    const b = createRng(7);
    b.next();
    b.next();
    expect(a.fork("news").next()).toBe(b.fork("news").next());
    expect(a.fork("news").next()).not.toBe(a.fork("alerts").next());
  });

  it("keeps helpers in range", () => {
    const r = createRng(`range-${Math.random()}`);
    for (let i = 0; i < 2_000; i++) {
      const n = r.int(-3, 5);
      expect(Number.isInteger(n) && n >= -3 && n <= 5).toBe(true);
      const f = r.float(1.5, 2.5);
      expect(f >= 1.5 && f < 2.5).toBe(true);
      expect(r.next()).toBeLessThan(1);
    }
    const seen = new Set(Array.from({ length: 500 }, () => r.int(0, 3)));
    expect(seen).toEqual(new Set([0, 1, 2, 3]));
  });

  it("picks by weight, samples without repeats and shuffles without loss", () => {
    const r = createRng(11);
    let heavy = 0;
    for (let i = 0; i < 4_000; i++) if (r.weighted([["a", 9], ["b", 1]] as const) === "a") heavy++;
    expect(heavy / 4_000).toBeGreaterThan(0.86);
    expect(heavy / 4_000).toBeLessThan(0.94);
    const items = Array.from({ length: 20 }, (_, i) => i);
    const sample = r.sample(items, 7);
    expect(new Set(sample).size).toBe(7);
    expect([...r.shuffle(items)].sort((x, y) => x - y)).toEqual(items);
    expect(r.sample(items, 50)).toHaveLength(20);
    expect(() => r.pick([])).toThrow();
  });

  it("draws normals around the mean", () => {
    const r = createRng(3);
    const xs = Array.from({ length: 20_000 }, () => r.normal(10, 2));
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length);
    expect(mean).toBeCloseTo(10, 1);
    expect(sd).toBeGreaterThan(1.9);
    expect(sd).toBeLessThan(2.1);
  });

  it("makes stable, prefixed ids", () => {
    expect(hashHex("abc")).toMatch(/^[0-9a-f]{16}$/);
    expect(makeId("nws", "x|1")).toBe(makeId("nws", "x|1"));
    expect(makeId("nws", "x|1")).not.toBe(makeId("nws", "x|2"));
    expect(makeId("nws", "x|1")).toMatch(/^nws_[0-9a-f]{16}$/);
  });
});
