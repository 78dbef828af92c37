/**
 * A small seeded PRNG (sfc32) with the helpers the dataset generator needs. Everything the generator makes
 * flows from one of these, never from Math.random or the wall clock, so the same seed gives the same rows.
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** A 32-bit unsigned integer. */
  uint32(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  float(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight from `[item, weight]` pairs; weights need not sum to 1. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** `count` distinct items in random order (all of them when count ≥ length). */
  sample<T>(items: readonly T[], count: number): T[];
  /** A shuffled copy. */
  shuffle<T>(items: readonly T[]): T[];
  /** A normal deviate (Box–Muller). */
  normal(mean?: number, sd?: number): number;
  /** An independent stream named by `label`: the same parent seed and label always give the same stream. */
  fork(label: string): Rng;
}

/** cyrb128: four 32-bit words from a string, the seed material for sfc32. */
function cyrb128(input: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < input.length; i++) {
    const k = input.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A stable 64-bit hex digest of a string (not cryptographic); used for deterministic ids. */
export function hashHex(input: string): string {
  const [a, b] = cyrb128(input);
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}

/** A deterministic id: `prefix_` and 16 hex characters digested from the key. */
export function makeId(prefix: string, key: string): string {
  return `${prefix}_${hashHex(`${prefix}|${key}`)}`;
}

class Sfc32 implements Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spare: number | null = null;

  constructor(private readonly seedLabel: string) {
    [this.a, this.b, this.c, this.d] = cyrb128(seedLabel);
    for (let i = 0; i < 12; i++) this.uint32(); // the first outputs of sfc32 are weakly mixed
  }

  uint32(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  next(): number {
    return this.uint32() / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(this.next() * items.length)] as T;
  }

  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    if (entries.length === 0 || total <= 0) throw new Error("weighted pick needs a positive total weight");
    let r = this.next() * total;
    for (const [item, w] of entries) {
      r -= w;
      if (r < 0) return item;
    }
    return (entries[entries.length - 1] as readonly [T, number])[0];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }

  sample<T>(items: readonly T[], count: number): T[] {
    const n = Math.min(items.length, Math.max(0, count));
    if (n * 4 > items.length) return this.shuffle(items).slice(0, n);
    // Few from many: draw distinct indices instead of shuffling a copy.
    const picked = new Set<number>();
    const out: T[] = [];
    while (out.length < n) {
      const i = Math.floor(this.next() * items.length);
      if (picked.has(i)) continue;
      picked.add(i);
      out.push(items[i] as T);
    }
    return out;
  }

  normal(mean = 0, sd = 1): number {
    if (this.spare !== null) {
      const s = this.spare;
      this.spare = null;
      return mean + sd * s;
    }
    let u = 0;
    while (u === 0) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return mean + sd * r * Math.cos(2 * Math.PI * v);
  }

  fork(label: string): Rng {
    return new Sfc32(`${this.seedLabel}/${label}`);
  }
}

/** A generator seeded by a number or a string label. */
export function createRng(seed: number | string): Rng {
  return new Sfc32(String(seed));
}
