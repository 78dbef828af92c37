"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { DatabaseIcon, RotateCwIcon } from "lucide-react";
import * as React from "react";
import { toast } from "@/components/ui/toast";
import { explainError } from "@/components/shell/error-state";
import { Button } from "@/components/ui/button";
import { useConfirmSpend } from "@/components/paid/confirm-spend";
import { type Price, PriceTag } from "@/components/paid/price-tag";
import type { EndpointId } from "@/lib/alpha/catalogue-meta";
import type { CallInput } from "@/lib/alpha/request";
import { formatCredits } from "@/lib/format/number";
import { formatIstTime } from "@/lib/format/time";
import { alphaPeekOptions, type AlphaCallMeta, type AlphaCalls } from "@/lib/query/alpha-core";
import { cn } from "@/lib/utils";
import { useRenderNow } from "@/components/market/use-market-status";

/**
 * Paid data behind a button that shows its price (confirmed above the user's threshold); answers from the desk's cache
 * say so. Given a page's own endpoints (`alphaCalls`); paid-call.tsx is the same over the whole catalogue.
 */

/** A control that spends credits: its price is part of the button, and the click confirms above the threshold. */
export function PaidButton({
  price,
  what,
  onRun,
  pending = false,
  disabled = false,
  children,
  className,
  variant = "default",
  size = "default",
  testId,
}: {
  price: Price;
  /** What the credits buy, in a sentence, for the confirmation. */
  what: string;
  onRun: () => void;
  pending?: boolean;
  disabled?: boolean;
  children: React.ReactNode;
  className?: string;
  variant?: "default" | "outline" | "secondary" | "ghost";
  size?: "default" | "sm";
  testId?: string;
}) {
  const { confirmSpend, dialog } = useConfirmSpend();
  return (
    <>
      <Button
        type="button"
        variant={variant}
        size={size}
        // On a narrow screen the price wraps under the label instead of pushing the layout wider.
        className={cn("h-auto max-w-full flex-wrap gap-x-2 gap-y-1 whitespace-normal", size === "sm" ? "min-h-8 py-1" : "min-h-9 py-1.5", className)}
        disabled={disabled || pending}
        aria-busy={pending || undefined}
        data-testid={testId}
        data-credits={price.credits}
        title={price.description}
        onClick={async () => {
          if (await confirmSpend(price, what)) onRun();
        }}
      >
        {pending && <RotateCwIcon aria-hidden className="animate-spin" />}
        {children}
        <PriceTag
          credits={price.credits}
          upTo={price.upTo}
          // On a filled button the tag takes the button's own colours, so it stays legible in both themes.
          className={cn("ml-0.5", variant === "default" && "border-primary-foreground/40 bg-primary-foreground/15 text-primary-foreground")}
        />
      </Button>
      {dialog}
    </>
  );
}

/**
 * One paid catalogue call behind a button: `request()` enables the query; an answer already in the browser's cache
 * (bought earlier this session) shows at once. A new input starts un-requested again.
 */
export function usePaidCallWith<Id extends EndpointId, K extends Id>(calls: AlphaCalls<Id>, id: K, input: CallInput<K>, options: { enabled?: boolean } = {}) {
  const inputKey = JSON.stringify(input ?? {});
  const [requestedKey, setRequestedKey] = React.useState<string | null>(null);
  const options_ = calls.queryOptions(id, input);
  // What the desk already bought (its cache, free to read, no upstream call) shows at once, labelled, without a price.
  const peek = useQuery({ ...alphaPeekOptions(calls, id, input), enabled: options.enabled !== false && calls.endpoints[id].method === "GET" });
  const requested = requestedKey === inputKey || peek.data === true;
  const query = useQuery({ ...options_, enabled: requested && options.enabled !== false });
  const price = calls.price(id, input);
  const request = React.useCallback(() => {
    if (requested) void query.refetch();
    else setRequestedKey(inputKey);
  }, [requested, query, inputKey]);
  // While the desk is asked what it holds, no price is offered: a cached answer must not be offered for credits.
  // (isPending on the server too, so the server's HTML and the first client render agree.)
  const checking = peek.isPending && peek.isEnabled && query.data === undefined && requestedKey !== inputKey;
  return { query, price, request, requested, checking, loaded: query.data !== undefined };
}

/** What a paid answer cost, or that it came from the desk's cache, with a paid refresh beside it. */
export function CallMetaNoteWith<Id extends EndpointId, K extends Id>({
  calls,
  id,
  input,
  meta,
  className,
  what,
}: {
  calls: AlphaCalls<Id>;
  id: K;
  input: CallInput<K>;
  meta: AlphaCallMeta;
  className?: string;
  what: string;
}) {
  const client = useQueryClient();
  const now = useRenderNow();
  const [refreshing, setRefreshing] = React.useState(false);
  const price = calls.price(id, input);
  const refresh = async () => {
    setRefreshing(true);
    try {
      const result = await calls.refresh(client, id, input);
      toast.success(`Refreshed · ${formatCredits(result.meta.creditsCharged)} charged`);
    } catch (error) {
      toast.error(explainError(error).title);
    } finally {
      setRefreshing(false);
    }
  };
  return (
    <div data-testid="call-meta" data-cached={meta.cached} data-charged={meta.creditsCharged} className={cn("flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground", className)}>
      {meta.cached ? (
        <span className="inline-flex items-center gap-1">
          <DatabaseIcon aria-hidden className="size-3.5" />
          {fromCacheLabel(meta.fetchedAt, now)}
        </span>
      ) : (
        <span>
          Fetched {formatIstTime(meta.fetchedAt)} · {formatCredits(meta.creditsCharged)} charged
        </span>
      )}
      {meta.cached && (
        <PaidButton price={price} what={`Refresh ${what} from the Alpha API.`} onRun={() => void refresh()} pending={refreshing} variant="ghost" size="sm" className="h-7 min-h-7 px-2 py-0 text-xs">
          Refresh
        </PaidButton>
      )}
    </div>
  );
}

/** "0 credits, from cache (12 min old)": how every answer the desk served from its cache is labelled. */
export function fromCacheLabel(fetchedAt: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(fetchedAt)) / 60_000));
  return `0 credits, from cache (${minutes < 1 ? "under 1 min" : `${minutes} min`} old)`;
}

/** A short sentence for a price (price-tag.tsx, where copy that shows no paid control takes it from). */
export { priceWords } from "@/components/paid/price-tag";
