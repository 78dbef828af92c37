/**
 * The distinct queries of the service bench's uncached row: `GET /v1/news` as traffic with many filters asks it, every
 * request a query string never sent before (so neither the response cache nor the memo of parsed query strings can
 * answer it). Every query carries a `to` bound of its own second, walked over the dataset's span with a stride prime to
 * it, so no two of the first `span` queries share it; around it the mix varies the other parameters.
 */
import { toIstIso } from "../../lib/alpha/time";
import { mulberry32 } from "../../test/support/random";

/** What the generator needs to know of the seeded news: its span and the symbols that have the most of it. */
export interface NewsSpan {
  /** Epoch ms of the oldest and the newest news item. */
  firstMs: number;
  lastMs: number;
  /** Symbols with the most news, most first. */
  symbols: string[];
}

const DAY_MS = 86_400_000;
const STRIDE_S = 7_919; // prime: i * STRIDE mod span visits every second of the span once while span is not a multiple of it
const SENTIMENTS = ["positive", "negative", "neutral"] as const;

/**
 * Returns `next()`, giving the path of the i-th query. The mix (of 100): 35 the newest 50 before a moment; 15 the same
 * within a `from` a few days earlier; 15 a later page (2 to 5) of 50; 15 six to twelve of the busiest symbols; 10 one
 * sentiment; 10 another `limit` (20 to 49). A bound is an IST local time or UTC (`Z`) alike.
 */
export function newsQueries(span: NewsSpan, seed = 18): { next(): string; sent(): number } {
  // A seeded generator, so every run sends the same mix.
  const random = mulberry32(seed);
  // Keep three days of news below the lowest `to`, so most pages are full.
  const lowS = Math.ceil((span.firstMs + 3 * DAY_MS) / 1000);
  const highS = Math.floor(span.lastMs / 1000);
  let spanS = highS - lowS;
  if (spanS < 1) throw new Error("the seeded news span is too short for the bench's queries");
  if (spanS % STRIDE_S === 0) spanS -= 1;
  const busiest = span.symbols.slice(0, 40);
  if (busiest.length < 12) throw new Error("the bench's queries need at least 12 symbols with news");
  const pick = (n: number) => Math.floor(random() * n);
  const bound = (ms: number) => (random() < 0.5 ? toIstIso(new Date(ms)).slice(0, 19) : new Date(ms).toISOString().replace(".000Z", "Z"));
  let i = 0;
  return {
    next() {
      const toMs = (highS - ((i * STRIDE_S) % spanS)) * 1000;
      i += 1;
      const to = `to=${bound(toMs)}`;
      const kind = pick(100);
      if (kind < 35) return `/v1/news?limit=50&${to}`;
      if (kind < 50) return `/v1/news?from=${toIstIso(new Date(toMs - (2 + pick(9)) * DAY_MS)).slice(0, 10)}&${to}&limit=50`;
      if (kind < 65) return `/v1/news?limit=50&page=${2 + pick(4)}&${to}`;
      if (kind < 80) {
        const chosen = new Set<string>();
        const want = 6 + pick(7);
        while (chosen.size < want) chosen.add(busiest[pick(busiest.length)]!);
        return `/v1/news?symbols=${[...chosen].map(encodeURIComponent).join(",")}&limit=50&${to}`;
      }
      if (kind < 90) return `/v1/news?sentiment=${SENTIMENTS[pick(3)]}&limit=50&${to}`;
      return `/v1/news?limit=${20 + pick(30)}&${to}`;
    },
    sent: () => i,
  };
}
