/**
 * What the HTTP benches (bench/service, bench/proxy) keep of an autocannon run, and how they pick a round: one
 * definition, so both tables read the same way. And the median the benches' tables use (bench/lighthouse too).
 */
import type autocannon from "autocannon";

export interface LoadFigures {
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
  /** Bytes per answer, headers included. */
  bytesPerAnswer: number;
}

export function loadFigures(r: autocannon.Result): LoadFigures {
  return {
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    total: r.requests.total,
    bytesPerAnswer: r.requests.total > 0 ? Math.round(r.throughput.total / r.requests.total) : 0,
  };
}

/** The round with the median throughput. */
export function medianRound<T extends { reqPerSec: number }>(rounds: readonly T[]): T {
  const mid = [...rounds].sort((a, b) => a.reqPerSec - b.reqPerSec)[Math.floor(rounds.length / 2)];
  if (!mid) throw new Error("no rounds");
  return mid;
}

/** The median of some figures (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
