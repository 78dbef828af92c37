"use client";

import { CardHeading } from "@/components/shell/card-heading";
import { useQuery } from "@tanstack/react-query";
import { HistoryIcon } from "lucide-react";
import { EmptyState } from "@/components/shell/empty-state";
import { ErrorState } from "@/components/shell/error-state";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { formatCredits } from "@/lib/format/number";
import { formatIstDateTime, formatIstRecent } from "@/lib/format/time";
import * as api from "@/lib/desk/route-meta/summaries";
import { deskQuery } from "@/lib/query/desk";
import { cn } from "@/lib/utils";
import { modeLabel } from "./summary-params";
import { statusBadge, SummaryHistorySkeleton } from "./summary-status";

/** The user's generated summaries, newest first; choosing one opens it (`?entry=<id>`). Free: kept in the desk. */
export function SummaryHistory({ openId, onOpen }: { openId: string | null; onOpen: (id: string) => void }) {
  const query = useQuery(deskQuery(api.listSummaries));
  if (query.isPending) return <SummaryHistorySkeleton />;
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardHeading icon={HistoryIcon} title="History" description="Your last 50 summaries, kept by the desk. Opening one is free." />
      </CardHeader>
      <CardContent>
        {query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <EmptyState icon={HistoryIcon} title="No summaries yet" description="Summaries you generate appear here, so you can open them again without paying." />
        ) : (
          <ul className="-mx-2 grid gap-1" data-testid="summary-history">
            {query.data.map((e) => {
              const info = statusBadge(e.status);
              return (
                <li key={e.id}>
                  <button
                    type="button"
                    onClick={() => onOpen(e.id)}
                    aria-current={openId === e.id ? "true" : undefined}
                    data-entry={e.id}
                    className={cn(
                      "grid w-full gap-1 rounded-md px-2 py-2 text-left text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
                      openId === e.id && "bg-accent",
                    )}
                  >
                    <span className="flex flex-wrap items-center gap-2">
                      <Badge variant={info.variant}>{info.label}</Badge>
                      <span className="font-medium">{modeLabel(e.mode)}</span>
                      <span className="ml-auto text-xs text-muted-foreground tabular-nums" title={formatIstDateTime(e.createdAt)}>
                        {formatIstRecent(e.createdAt)}
                      </span>
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {e.source ?? (e.retentionOptOut ? "Request not retained" : "Typed symbols")} · {e.symbolCount} {e.symbolCount === 1 ? "symbol" : "symbols"} ·{" "}
                      {e.credits > 0 ? formatCredits(e.credits) : "free"}
                    </span>
                    {e.preview && <span className="line-clamp-2 text-xs text-muted-foreground/90">{e.preview}</span>}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
