"use client";

import { useQuery } from "@tanstack/react-query";
import { UsersIcon } from "lucide-react";
import { EmptyState } from "@/components/shell/empty-state";
import { ErrorState } from "@/components/shell/error-state";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatNumber } from "@/lib/format/number";
import * as api from "@/lib/desk/route-meta";
import { deskQuery } from "@/lib/query/desk";
import { useQueryState } from "@/lib/url-state";
import { spendRangeParser } from "./spend-panel";

/** For admins: what each desk user spent in the selected range, biggest first. */
export function SpendByUserCard() {
  const [range] = useQueryState("range", spendRangeParser);
  const query = useQuery({ ...deskQuery(api.getSpend, { query: { range, scope: "all" } }), placeholderData: (previous) => previous });
  const users = [...(query.data?.byUser ?? [])].sort((a, b) => b.credits - a.credits);
  const outside = query.data?.outside?.total ?? 0;
  const total = users.reduce((sum, u) => sum + u.credits, 0) + outside;
  return (
    <Card data-testid="spend-by-user">
      <CardHeader>
        <CardTitle>Spend by user</CardTitle>
        <CardDescription>
          Every desk user&apos;s paid calls in the last {range}, batch summaries included. Cached answers count as calls but cost nothing. Spend
          of the same accounts made outside the desk comes from the service&apos;s ledger.
        </CardDescription>
      </CardHeader>
      <CardContent>
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
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>User</TableHead>
                <TableHead className="text-right">Calls</TableHead>
                <TableHead className="text-right">From cache</TableHead>
                <TableHead className="text-right">Credits</TableHead>
                <TableHead className="w-1/4">
                  <span className="sr-only">Share</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.map((u) => (
                <TableRow key={u.userId}>
                  <TableCell>
                    <div className="font-medium">{u.name}</div>
                    <div className="text-xs text-muted-foreground">{u.email}</div>
                  </TableCell>
                  <TableCell className="text-right font-mono tabular-nums">{formatNumber(u.calls)}</TableCell>
                  <TableCell className="text-right font-mono tabular-nums">{formatNumber(u.cachedCalls)}</TableCell>
                  <TableCell className="text-right font-mono font-medium tabular-nums">{formatNumber(u.credits)}</TableCell>
                  <TableCell>
                    <div className="h-2 w-full overflow-hidden rounded-full bg-muted" aria-hidden>
                      <div className="h-full rounded-full bg-chart-1" style={{ width: `${total > 0 ? (u.credits / total) * 100 : 0}%` }} />
                    </div>
                  </TableCell>
                </TableRow>
              ))}
              {outside > 0 && (
                <TableRow data-testid="spend-outside-desk">
                  <TableCell>
                    <div className="font-medium">Outside the desk</div>
                    <div className="text-xs text-muted-foreground">The same accounts&apos; keys used elsewhere (from the service&apos;s ledger)</div>
                  </TableCell>
                  <TableCell className="text-right text-muted-foreground">–</TableCell>
                  <TableCell className="text-right text-muted-foreground">–</TableCell>
                  <TableCell className="text-right font-mono font-medium tabular-nums">{formatNumber(outside)}</TableCell>
                  <TableCell>
                    <div className="h-2 w-full overflow-hidden rounded-full bg-muted" aria-hidden>
                      <div className="h-full rounded-full bg-chart-3" style={{ width: `${total > 0 ? (outside / total) * 100 : 0}%` }} />
                    </div>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
