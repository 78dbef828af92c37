"use client";

import { ExternalLinkIcon, FileTextIcon, MicIcon, SearchXIcon } from "lucide-react";
import Link from "next/link";
import { IntentLink } from "@/components/ui/intent-link";
import { ErrorState } from "@/components/shell/error-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Skeleton, SkeletonStack } from "@/components/ui/skeleton";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { formatQuarter } from "@/lib/format/quarter";
import { formatIstDateTime } from "@/lib/format/time";
import { EarningsTable } from "./earnings-table";
import { CallMetaNote, PaidButton, priceWords, usePaidCall } from "@/components/paid/paid-call";
import { symbolHref } from "@/lib/symbols/symbol-href";
import { QuarterBadge } from "@/components/shell/quarter-badge";

export interface ResultRef {
  symbol: string;
  quarter: string;
  /** Filing time from the free index, when known. */
  date?: string | null;
  company?: string | null;
}

/** The paid part of a past result: summary and statement of results, fetched only when asked (3 credits). */
function ResultDetail({ item }: { item: ResultRef }) {
  const input = { query: { symbol: item.symbol, quarter: item.quarter, detailed: true } };
  const { query, price, request, requested, checking } = usePaidCall("getEarningsDetail", input);
  const label = formatQuarter(item.quarter);

  if (checking) return <Skeleton className="h-24 w-full" aria-busy="true" aria-label="Checking what the desk already holds" />;
  if (!query.data && !requested) {
    return (
      <div className="grid grid-cols-1 gap-3 rounded-lg border border-dashed p-4" data-testid="result-detail-locked">
        <p className="text-sm text-muted-foreground">
          The summary and the statement of results (revenue, profit, margins, EPS against the year before) come from the paid detail
          call: {priceWords(price)} per filing, nothing when no filing is found.
        </p>
        <PaidButton price={price} what={`Load the summary and results table of ${item.symbol} for ${label}.`} onRun={request} testId="load-result-detail" className="justify-self-start">
          <FileTextIcon aria-hidden />
          Load summary &amp; results table
        </PaidButton>
      </div>
    );
  }
  if (query.isPending && query.fetchStatus !== "idle") {
    return (
      <SkeletonStack className="grid-cols-1 gap-3" label="Loading the results" bars={["h-4 w-full", "h-4 w-5/6", "h-4 w-2/3", "mt-2 h-56 w-full"]} />
    );
  }
  if (query.isError) {
    if (isAlphaError(query.error) && query.error.code === "not_found") {
      return (
        <div className="flex items-start gap-3 rounded-lg border p-4 text-sm" data-testid="result-not-found">
          <SearchXIcon aria-hidden className="mt-0.5 size-4 text-muted-foreground" />
          <p>
            No results filing for {item.symbol} in {label} was found, and nothing was charged. The filing may have been withdrawn; check the
            symbol&apos;s page for the quarters it has filed.
          </p>
        </div>
      );
    }
    return (
      <div className="grid grid-cols-1 gap-3">
        <ErrorState error={query.error} />
        <PaidButton price={price} what={`Try loading ${item.symbol} ${label} again.`} onRun={request} variant="outline" size="sm" className="justify-self-start">
          Try again
        </PaidButton>
      </div>
    );
  }
  if (!query.data) return null;
  const d = query.data.item;
  return (
    <div className="grid grid-cols-1 gap-4" data-testid="result-detail">
      <div className="flex items-start gap-3">
        {d.image && (
          // The logo is an SVG on the Alpha service; next/image would need its host configured.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={d.image} alt="" width={40} height={40} className="size-10 shrink-0 rounded-md border bg-muted object-contain" />
        )}
        <div className="grid grid-cols-1 gap-1">
          <p className="font-medium">{d.company_name ?? d.symbol}</p>
          <p className="text-xs text-muted-foreground">
            {d.scrip_code ? `BSE ${d.scrip_code} · ` : ""}Filed {formatIstDateTime(d.date)}
          </p>
        </div>
        {d.earnings_significant && (
          <Badge variant="warning" className="ml-auto">
            Significant
          </Badge>
        )}
      </div>
      {d.summary && <p className="text-sm leading-relaxed" data-testid="result-summary">{d.summary}</p>}
      <EarningsTable table={d.earnings_table} />
      <CallMetaNote id="getEarningsDetail" input={input} meta={query.data.meta} what={`the ${item.symbol} ${label} results`} />
    </div>
  );
}

/** The detail panel of a past result: what the free index knows at once, the paid summary and table on request. */
export function EarningsDetailSheet({ item, onClose }: { item: ResultRef | null; onClose: () => void }) {
  return (
    <Sheet open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" className="w-full overflow-y-auto sm:max-w-2xl lg:max-w-3xl" data-testid="result-sheet">
        {item && (
          <>
            <SheetHeader className="border-b pr-12">
              <SheetTitle className="flex flex-wrap items-center gap-2 text-lg">
                <span className="font-mono">{item.symbol}</span>
                <QuarterBadge quarter={item.quarter} />
                <span className="font-normal text-muted-foreground">results</span>
              </SheetTitle>
              <SheetDescription>
                {item.company ? `${item.company} · ` : ""}
                {item.date ? `Filed ${formatIstDateTime(item.date)}` : "Filing time not known"}
              </SheetDescription>
              <div className="flex flex-wrap gap-2 pt-1">
                <Button asChild variant="outline" size="sm">
                  <IntentLink href={symbolHref(item.symbol)}>
                    <ExternalLinkIcon aria-hidden />
                    {item.symbol} page
                  </IntentLink>
                </Button>
                <Button asChild variant="outline" size="sm">
                  <Link href={`/concalls/${encodeURIComponent(item.symbol)}/${item.quarter}`}>
                    <MicIcon aria-hidden />
                    {formatQuarter(item.quarter)} concall
                  </Link>
                </Button>
              </div>
            </SheetHeader>
            <div className="px-4 pb-6">
              <ResultDetail key={`${item.symbol}:${item.quarter}`} item={item} />
            </div>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
