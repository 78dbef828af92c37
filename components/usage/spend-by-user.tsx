"use client";

import { useQuery } from "@tanstack/react-query";
import { UsersIcon } from "lucide-react";
import { deskUrl } from "@/lib/desk/client";
import { EmptyState } from "@/components/shell/empty-state";
import { ErrorState } from "@/components/shell/error-state";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { HiddenHead, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatNumber } from "@/lib/format/number";
import * as api from "@/lib/desk/route-meta/usage";
import { deskQuery } from "@/lib/query/desk";
import { useQueryState } from "@/lib/url-state";
import { cn } from "@/lib/utils";
import { spendRangeParser } from "./spend-panel";
import { TotalsFooter } from "./totals-footer";
import { Rupees } from "./rupees";
import { DownloadLink } from "@/components/shell/download-link";
import { staleProps } from "@/components/shell/stale-props";

function ShareBar({ share, className }: { share: number; className: string }) {
  return (
    <div className="h-2 w-full overflow-hidden rounded-full bg-muted" aria-hidden>
      <div className={cn("h-full rounded-full", className)} style={{ width: `${share * 100}%` }} />
    </div>
  );
}

/** For admins: what each desk user spent in the selected range, biggest first. */
export function SpendByUserCard() {
  const [range] = useQueryState("range", spendRangeParser);
  const query = useQuery({ ...deskQuery(api.getSpend, { query: { range, scope: "all" } }), placeholderData: (previous) => previous });
  const shown = query.data?.range ?? range;
  const users = [...(query.data?.byUser ?? [])].sort((a, b) => b.credits - a.credits);
  const tokens = query.data?.byToken ?? [];
  const outside = query.data?.outside?.total ?? 0;
  const total = users.reduce((sum, u) => sum + u.credits, 0) + tokens.reduce((sum, t) => sum + t.credits, 0) + outside;
  return (
    <Card data-testid="spend-by-user">
      <CardHeader>
        <CardTitle>Spend by member</CardTitle>
        <CardDescription>
          Every desk user&apos;s paid calls in the last {shown}, batch summaries included; scripts&apos; desk tokens on their own rows. Cached answers
          count as calls but cost nothing. Spend of the same accounts made outside the desk comes from the service&apos;s ledger.
        </CardDescription>
      </CardHeader>
      <CardContent {...staleProps(query.isPlaceholderData)}>
        {query.isPending ? (
          <div className="grid gap-2" aria-busy="true" aria-label="Loading spend by user">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-8 w-full" />
            ))}
          </div>
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : users.length === 0 ? (
          <EmptyState icon={UsersIcon} title="No users yet" description="Add colleagues on the Admin page." />
        ) : (
          <div className="grid gap-2">
            <Table data-testid="spend-by-user-table">
              <TableHeader>
                <TableRow>
                  <TableHead>Member</TableHead>
                  <TableHead className="hidden text-right sm:table-cell">Calls</TableHead>
                  <TableHead className="hidden text-right md:table-cell">From cache</TableHead>
                  <TableHead className="text-right">Credits</TableHead>
                  <HiddenHead label="Share" className="hidden w-1/4 lg:table-cell" align="left" />
                </TableRow>
              </TableHeader>
              <TableBody>
                {users.map((u) => (
                  <TableRow key={u.userId} data-testid="spend-user-row">
                    <TableCell className="whitespace-normal">
                      <div className="font-medium">{u.name}</div>
                      <div className="text-xs break-all text-muted-foreground">{u.email}</div>
                      {/* Below the widths that show the counts' own columns, they sit under the member. */}
                      <div className="text-xs text-muted-foreground tabular-nums sm:hidden">
                        {formatNumber(u.calls)} {u.calls === 1 ? "call" : "calls"}, {formatNumber(u.cachedCalls)} from cache
                      </div>
                    </TableCell>
                    <TableCell className="hidden text-right font-mono tabular-nums sm:table-cell">{formatNumber(u.calls)}</TableCell>
                    <TableCell className="hidden text-right font-mono tabular-nums md:table-cell">{formatNumber(u.cachedCalls)}</TableCell>
                    <TableCell className="text-right font-mono font-medium tabular-nums" data-testid="spend-user-credits">
                      {formatNumber(u.credits)}
                      <Rupees credits={u.credits} className="block" />
                    </TableCell>
                    <TableCell className="hidden lg:table-cell">
                      <ShareBar share={total > 0 ? u.credits / total : 0} className="bg-chart-1" />
                    </TableCell>
                  </TableRow>
                ))}
                {tokens.map((t) => (
                  <TableRow key={t.tokenId} data-testid="spend-token-row">
                    <TableCell className="whitespace-normal">
                      <div className="font-medium">
                        Token “{t.name}” <span className="font-mono text-xs text-muted-foreground">…{t.last4}</span>
                      </div>
                      <div className="text-xs break-all text-muted-foreground">{t.ownerEmail ? `A script's desk token, for ${t.ownerEmail}` : "A script's desk token"}</div>
                    </TableCell>
                    <TableCell className="hidden text-right font-mono tabular-nums sm:table-cell">{formatNumber(t.calls)}</TableCell>
                    <TableCell className="hidden text-right text-muted-foreground md:table-cell">–</TableCell>
                    <TableCell className="text-right font-mono font-medium tabular-nums" data-testid="spend-token-credits">
                      {formatNumber(t.credits)}
                      <Rupees credits={t.credits} className="block" />
                    </TableCell>
                    <TableCell className="hidden lg:table-cell">
                      <div className="h-2 w-full overflow-hidden rounded-full bg-muted" aria-hidden>
                        <div className="h-full rounded-full bg-chart-2" style={{ width: `${total > 0 ? (t.credits / total) * 100 : 0}%` }} />
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
                {outside > 0 && (
                  <TableRow data-testid="spend-outside-desk">
                    <TableCell className="whitespace-normal">
                      <div className="font-medium">Outside the desk</div>
                      <div className="text-xs text-muted-foreground">The same accounts&apos; keys used elsewhere (from the service&apos;s ledger)</div>
                    </TableCell>
                    <TableCell className="hidden text-right text-muted-foreground sm:table-cell">–</TableCell>
                    <TableCell className="hidden text-right text-muted-foreground md:table-cell">–</TableCell>
                    <TableCell className="text-right font-mono font-medium tabular-nums">
                      {formatNumber(outside)}
                      <Rupees credits={outside} className="block" />
                    </TableCell>
                    <TableCell className="hidden lg:table-cell">
                      <ShareBar share={total > 0 ? outside / total : 0} className="bg-chart-3" />
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
              <TotalsFooter
                testId="spend-user-total"
                cells={[
                  { value: formatNumber(users.reduce((n, u) => n + u.calls, 0) + tokens.reduce((n, t) => n + t.calls, 0)), className: "hidden sm:table-cell" },
                  { value: formatNumber(users.reduce((n, u) => n + u.cachedCalls, 0)), className: "hidden md:table-cell" },
                  {
                    value: (
                      <>
                        {formatNumber(total)}
                        <Rupees credits={total} className="block" />
                      </>
                    ),
                  },
                  { className: "hidden lg:table-cell" },
                ]}
              />
            </Table>
            <DownloadLink href={deskUrl(api.exportSpend, { query: { range, scope: "all" } })} testId="spend-by-user-csv" className="justify-self-start" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
