import { useMarketStatus } from "@/components/market/use-market-status";
import { liveClosedNote } from "@/lib/market/status-copy";
import type { LiveProduct } from "@/lib/query/live";

/**
 * The market-closed sentence for a product's live feed, from the desk's calendar; null while the market trades. Here,
 * beside the box, so the badge's stand-in (./live-status-lazy.tsx) says what the badge will say, without its code.
 */
export function useMarketClosedNote(product: LiveProduct): string | null {
  const market = useMarketStatus().copy;
  return market ? liveClosedNote(market, product) : null;
}

/** The badge's shape while it says the market-closed sentence: up to two lines in its box, not one. */
export const CLOSED_SENTENCE_CLASS = "h-auto min-h-7 max-w-full py-1 text-left whitespace-normal";

/**
 * The live status badge's box of its largest size (two lines, 19rem beside the page title; the whole row on a phone),
 * so its label changing moves nothing around it: the real badge (./live-status) and the idle one shown while its chunk
 * loads (./live-status-lazy) sit in the same box.
 */
export function LiveStatusBox({ reserve, children }: { reserve: boolean; children: React.ReactElement }) {
  return reserve ? (
    <span data-slot="live-status-box" className="flex min-h-11 w-full items-center sm:w-[19rem] sm:justify-end">
      {children}
    </span>
  ) : (
    children
  );
}
