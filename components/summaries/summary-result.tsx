"use client";

import { InfoIcon, RotateCwIcon, ShieldOffIcon } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PriceTag } from "@/components/paid/price-tag";
import { CopyButton } from "@/components/shell/copy-button";
import { symbolsOfRequest } from "@/lib/alpha/batch-limits";
import { formatCredits } from "@/lib/format/number";
import { formatIstDateTime, formatRelativeTime } from "@/lib/format/time";
import type { SummaryEntry } from "@/lib/desk/summaries";
import { modeLabel } from "./summary-params";
import { statusBadge, type StatusVariant } from "./summary-status";
import { SummaryMarkdownLazy as SummaryMarkdown } from "./summary-markdown-lazy";

// Where it lived first.
export { SummaryResultSkeleton } from "./summary-status";

const STATUS_EXPLAINED: Record<string, string> = {
  success_no_news:
    "None of these symbols had news, alerts, results or concall guidance in the window, so there was nothing to summarise. No credits were charged. Widen the context window (up to 7 days with news context or intraday movements) or add symbols.",
  success_no_signal:
    "The window holds items for these symbols, but none that matter for this mode (for intraday movements: no price or volume alerts). No credits were charged. Try news context, or a longer window.",
  error:
    "The service could not summarise this request, usually because it knows none of the symbols. No credits were charged. Check the symbols on the Watchlists page.",
};

/** What a summary status means for the reader, and what it cost. */
export function statusInfo(status: string): { label: string; variant: StatusVariant; explain: string | null } {
  return { ...statusBadge(status), explain: Object.hasOwn(STATUS_EXPLAINED, status) ? STATUS_EXPLAINED[status]! : null };
}

/**
 * One summary, fresh or from the history: its status explained, what it cost, and the markdown. `reused` marks an
 * earlier result opened instead of paying again; `onRegenerate` asks for a fresh one at the shown price.
 */
export function SummaryResult({
  entry,
  reused,
  onRegenerate,
  regeneratePrice,
  regenerating,
}: {
  entry: SummaryEntry;
  reused: boolean;
  onRegenerate?: () => void;
  regeneratePrice: number;
  regenerating?: boolean;
}) {
  const info = statusInfo(entry.status);
  const symbols = entry.request ? symbolsOfRequest(entry.request) : [];
  const details = entry.details ?? {};
  const processed = typeof details.symbols_processed === "number" ? details.symbols_processed : null;
  const unknown = Array.isArray(details.unknown_symbols) ? (details.unknown_symbols as unknown[]).map(String) : [];
  const linkSymbols = symbols.length > 0 ? symbols : extractHeadingSymbols(entry.summary ?? "");

  return (
    <Card data-testid="summary-result" data-status={entry.status} data-entry={entry.id}>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <Badge variant={info.variant} data-testid="summary-status">
            {info.label}
          </Badge>
          <span>{modeLabel(entry.mode)}</span>
        </CardTitle>
        <CardDescription className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span>
            {entry.symbolCount} {entry.symbolCount === 1 ? "symbol" : "symbols"}
            {entry.contextWindowDays ? ` · ${entry.contextWindowDays}-day window` : ""}
            {processed !== null ? ` · ${processed} processed` : ""}
          </span>
          <span aria-hidden>·</span>
          <span data-testid="summary-credits" data-credits={entry.credits}>
            {entry.credits > 0 ? `${formatCredits(entry.credits)} charged` : "no credits charged"}
          </span>
          <span aria-hidden>·</span>
          <span>
            {formatIstDateTime(entry.createdAt)} ({formatRelativeTime(entry.createdAt)})
          </span>
          {entry.retentionOptOut && (
            <Badge variant="outline" className="gap-1">
              <ShieldOffIcon aria-hidden />
              Not retained
            </Badge>
          )}
        </CardDescription>
        {entry.summary && (
          <CardAction>
            <CopyButton text={entry.summary} label="Copy markdown" testId="summary-copy" />
          </CardAction>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {reused && (
          <Alert data-testid="summary-reused">
            <InfoIcon aria-hidden />
            <AlertTitle>Opened your summary from {formatRelativeTime(entry.createdAt)}: nothing charged</AlertTitle>
            <AlertDescription>
              <p>You asked for the same summary less than 10 minutes ago, so the desk opened that result instead of paying again.</p>
              {onRegenerate && (
                <div className="mt-2 flex items-center gap-2">
                  <Button size="sm" variant="outline" onClick={onRegenerate} disabled={regenerating} data-testid="summary-regenerate">
                    <RotateCwIcon aria-hidden />
                    Generate again · {formatCredits(regeneratePrice)}
                  </Button>
                  <PriceTag credits={regeneratePrice} upTo description="Charged only if a summary is generated." />
                </div>
              )}
            </AlertDescription>
          </Alert>
        )}
        {info.explain && (
          <Alert variant={entry.status === "error" ? "destructive" : "default"} data-testid="summary-explain">
            <InfoIcon aria-hidden />
            <AlertTitle>{entry.status === "error" ? "The summary failed: no credits charged" : `${info.label}: no credits charged`}</AlertTitle>
            <AlertDescription>
              <p>{info.explain}</p>
              {entry.error && <p className="mt-1 font-mono text-xs">{entry.error}</p>}
            </AlertDescription>
          </Alert>
        )}
        {unknown.length > 0 && (
          <p className="text-xs text-muted-foreground">
            Skipped, not known to the service: <span className="font-mono">{unknown.join(", ")}</span>
          </p>
        )}
        {entry.summary ? (
          <SummaryMarkdown markdown={entry.summary} symbols={linkSymbols} />
        ) : (
          <p className="text-sm text-muted-foreground">The service sent no summary text.</p>
        )}
        {entry.retentionOptOut && (
          <p className="text-xs text-muted-foreground">
            You opted out of content retention: the Alpha service was asked not to keep the request, and the desk kept only this result, not the symbols and exposures you sent.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** Symbols of an opted-out entry (its request is not kept): the "## SYMBOL — Name" headings of the summary. */
function extractHeadingSymbols(markdown: string): string[] {
  return [...markdown.matchAll(/^##\s+([A-Z0-9][A-Z0-9&._-]{0,24})\s+—/gm)].map((m) => m[1] ?? "").filter(Boolean);
}
