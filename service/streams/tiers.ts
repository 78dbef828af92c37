import type { StreamProduct } from "../../lib/alpha/account";
import { toStreamProduct } from "../../lib/alpha/streams";
import type { AccountRecord } from "../accounts";

/** What a WebSocket add-on tier allows. */
export interface StreamTierCaps {
  /** Open WebSocket connections per account (the largest of the account's enabled tiers applies). */
  connectionsPerAccount: number;
  /** Symbols in one subscription. */
  symbolsPerSubscription: number;
  /** Whether a subscription with no symbols (the whole market) is allowed. */
  fullFeed: boolean;
}

/**
 * Tiers named as the hosted service names them (`<plan>_<symbols>`; `scale` for enterprise). A tier we do not
 * know gets the starter caps: an unknown name never grants more than the smallest paid tier.
 */
export const STREAM_TIERS = {
  starter_100: { connectionsPerAccount: 2, symbolsPerSubscription: 100, fullFeed: false },
  pro_500: { connectionsPerAccount: 5, symbolsPerSubscription: 500, fullFeed: true },
  pro_1000: { connectionsPerAccount: 10, symbolsPerSubscription: 1000, fullFeed: true },
  scale: { connectionsPerAccount: 50, symbolsPerSubscription: 5000, fullFeed: true },
} as const satisfies Record<string, StreamTierCaps>;

export type StreamTierName = keyof typeof STREAM_TIERS;
export const UNKNOWN_TIER_CAPS: StreamTierCaps = STREAM_TIERS.starter_100;
/** An account with no enabled add-on may still connect (every subscribe is refused) — once. */
export const NO_ADDON_CONNECTIONS = 1;

export type StreamTierTable = Readonly<Record<string, StreamTierCaps>>;

export function capsForTier(tier: string, table: StreamTierTable = STREAM_TIERS): StreamTierCaps {
  return table[tier] ?? UNKNOWN_TIER_CAPS;
}

/** The stream entitlement of an account: its enabled add-ons by wire product, and its status. */
export interface StreamEntitlement {
  accountId: string;
  status: string;
  tiers: ReadonlyMap<StreamProduct, string>;
}

/** An account's enabled add-ons; a plan without WebSocket (Sandbox) grants none whatever the add-ons say. */
export function streamEntitlementOf(account: AccountRecord): StreamEntitlement {
  const tiers = new Map<StreamProduct, string>();
  if (account.plan.websocket) {
    for (const addon of account.websocketAddons) {
      const product = toStreamProduct(addon.product);
      if (product && addon.enabled && !tiers.has(product)) tiers.set(product, addon.tier);
    }
  }
  return { accountId: account.id, status: account.status, tiers };
}

/** The connection cap of an account: the largest of its enabled tiers. */
export function connectionCap(entitlement: StreamEntitlement, table: StreamTierTable = STREAM_TIERS): number {
  let cap = 0;
  for (const tier of entitlement.tiers.values()) cap = Math.max(cap, capsForTier(tier, table).connectionsPerAccount);
  return cap > 0 ? cap : NO_ADDON_CONNECTIONS;
}

/** The tiers and caps as the OpenAPI document states them. */
export const STREAM_TIERS_DESCRIPTION = [
  "| tier | connections per account | symbols per subscription | full feed (empty symbols) |",
  "|---|---|---|---|",
  ...Object.entries(STREAM_TIERS).map(
    ([name, c]) => `| \`${name}\` | ${c.connectionsPerAccount} | ${c.symbolsPerSubscription} | ${c.fullFeed ? "yes" : "no"} |`,
  ),
  "",
  `An account's connection cap is the largest of its enabled tiers (${NO_ADDON_CONNECTIONS} with none); an unknown tier has the \`starter_100\` caps.`,
].join("\n");
