"use client";

import { ChevronDownIcon, StarIcon, XIcon } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import * as React from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { isImportantCategory } from "@/lib/alpha/vocabulary";
import { formatIstDateTime, formatIstStamp, formatRelativeTime } from "@/lib/format/time";
import { symbolHref } from "@/lib/symbols/symbol-href";
import { cn } from "@/lib/utils";
import type { Announcement } from "./announcement-model";
import { FilingDocument } from "./filing-document";
import { isImportantAnnouncement, longSummaryOf, relatedOf } from "./announcement-model";
import type { Reason } from "./materiality-model";

/** Why a filing is in view: its score, its reasons, and whether the user revealed it from the hidden ledger. */
export interface CardMateriality {
  score: number;
  reasons: readonly Reason[];
  kind: string;
  revealed: boolean;
}

function WhyLine({ why }: { why: CardMateriality }) {
  const shown = why.reasons.filter((r) => r.points !== 0);
  return (
    <p className="text-xs break-words text-muted-foreground" data-testid="materiality-why" data-score={why.score}>
      <span className="mr-1 rounded border px-1 font-mono font-medium tabular-nums text-foreground">{why.score}</span>
      {why.revealed ? `Revealed from the hidden ${why.kind} filings. ` : "Why it is here: "}
      {shown.length ? shown.map((r) => `${r.text} (${r.points > 0 ? "+" : ""}${r.points})`).join(" · ") : "No signal either way."}
    </p>
  );
}
import { useRenderNow } from "@/components/market/use-market-status";

function CategoryBadge({ label, primary = false }: { label: string; primary?: boolean }) {
  const important = isImportantCategory(label);
  return (
    <Badge
      variant={primary ? (important ? "warning" : "secondary") : "outline"}
      data-testid={primary ? "primary-category" : "related-category"}
      data-important={important}
      // A long category ("Outcome of Board Meeting/Financial Results") wraps inside its badge on a phone.
      className={cn("h-auto min-w-0 max-w-full shrink text-left whitespace-normal", primary && "font-semibold", !primary && "font-normal text-muted-foreground", !primary && important && "border-warning/50 text-foreground")}
      title={important ? "An important category" : undefined}
    >
      {important && <StarIcon aria-label="important" className="fill-current text-warning" />}
      {label}
    </Badge>
  );
}

/** One filing: its primary category, related categories (important ones starred), company, summary and time. */
export function AnnouncementCard({ item, why, onDismiss }: { item: Announcement; why?: CardMateriality; onDismiss?: () => void }) {
  const now = useRenderNow();
  const [open, setOpen] = React.useState(false);
  const related = relatedOf(item);
  const important = isImportantAnnouncement(item);
  const long = longSummaryOf(item);
  return (
    <article
      data-testid="announcement-card"
      data-announcement-id={item.id}
      data-important={important}
      className={cn("grid min-w-0 grid-cols-1 gap-2 rounded-xl border bg-card p-4 text-card-foreground shadow-xs", important && "border-l-4 border-l-warning")}
    >
      <div className="flex items-start gap-3">
        {item.image ? (
          // Logos come from the Alpha service (allowed by the CSP); decorative beside the name.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={item.image} alt="" width={36} height={36} className="size-9 shrink-0 rounded-md border bg-muted object-contain" />
        ) : null}
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <IntentLink href={symbolHref(item.symbol)} className="font-mono font-semibold text-primary underline underline-offset-4 hover:decoration-2" data-testid="announcement-symbol">
              {item.symbol}
            </IntentLink>
            {item.company_name && <span className="truncate text-sm text-muted-foreground">{item.company_name}</span>}
          </div>
          <div className="flex flex-wrap items-center gap-1.5">
            {item.category && <CategoryBadge label={item.category} primary />}
            {related.map((c) => (
              <CategoryBadge key={c} label={c} />
            ))}
          </div>
        </div>
        <time dateTime={item.date ?? undefined} title={formatIstDateTime(item.date)} className="shrink-0 text-right text-xs text-muted-foreground">
          <span className="block font-mono font-medium text-foreground tabular-nums">{formatIstStamp(item.date)}</span>
          <span className="block">{formatRelativeTime(item.date, now)}</span>
        </time>
        {onDismiss && (
          <Button type="button" variant="ghost" size="icon" className="-mt-1 -mr-2 size-7 shrink-0 text-muted-foreground" onClick={onDismiss} aria-label={`Dismiss this ${item.category ?? ""} filing of ${item.symbol}`} data-testid="announcement-dismiss">
            <XIcon aria-hidden />
          </Button>
        )}
      </div>
      {/* A summary may hold long runs joined by no-break spaces (amounts, names): they break rather than widen a phone's page. */}
      {item.summary && <p className="text-sm leading-relaxed [overflow-wrap:anywhere]">{item.summary}</p>}
      {why && <WhyLine why={why} />}
      {long && long !== item.summary && (
        <div className="grid gap-1">
          <Button type="button" variant="ghost" size="sm" className="h-7 w-fit px-2 text-xs text-muted-foreground" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
            <ChevronDownIcon aria-hidden className={cn("transition-transform", open && "rotate-180")} />
            {open ? "Less" : "Full summary"}
          </Button>
          {open && <p className="text-sm leading-relaxed text-muted-foreground [overflow-wrap:anywhere]">{long}</p>}
        </div>
      )}
      <FilingDocument id={item.id} title={`${item.symbol}'s ${item.category ?? "filing"} of ${formatIstStamp(item.date)}`} />
    </article>
  );
}
