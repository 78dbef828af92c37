"use client";

import { useQuery } from "@tanstack/react-query";
import { PencilIcon } from "lucide-react";
import { useState } from "react";
import { ErrorState } from "@/components/shell/error-state";
import { endpointLabel } from "@/components/usage/endpoint-labels";
import { ErrorAlert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { HiddenHead, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { MemberSpend, TeamView } from "@/lib/desk/teams";
import { PAID_ACTION_LABELS, PAID_ACTIONS } from "@/lib/desk/team-labels";
import { formatCredits } from "@/lib/format/number";
import * as api from "@/lib/desk/route-meta/team";
import { deskQuery } from "@/lib/query/desk";
import { preloadSeatDialog, SeatDialog } from "./seat-dialog-lazy";

const NOTICE_SHARE = 0.8;

function KeyBadge({ source }: { source: MemberSpend["keySource"] }) {
  if (source === "personal") return <Badge variant="secondary">Own key</Badge>;
  if (source === "organisation") return <Badge variant="neutral">Organisation key</Badge>;
  return <span className="text-sm text-muted-foreground">No key</span>;
}

/** Each member's spend today against their allowance, what they may buy, and the account's daily limit. */
export function MembersCard({ initialView, currentUserId }: { initialView: TeamView; currentUserId: string }) {
  const query = useQuery({ ...deskQuery(api.getTeam), initialData: initialView, refetchInterval: 30_000 });
  const [editing, setEditing] = useState<MemberSpend | null>(null);
  const view = query.data;
  const limit = view.dailyLimit;
  return (
    <Card data-testid="members-card">
      <CardHeader>
        <CardTitle>Members and spend today</CardTitle>
        <CardDescription>
          Credits each member spent today ({view.day}, IST day) through the desk, their batch jobs&apos; summaries included, against their daily allowance.
          A paid request past the allowance is refused before it is sent.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
        {limit && limit.share >= NOTICE_SHARE && (
          <ErrorAlert data-testid="daily-limit-notice" title={<>The account has used {Math.floor(limit.share * 100)}% of its daily limit</>}>
            {formatCredits(limit.used, { compact: true })} of {formatCredits(limit.limit, { compact: true })} {limit.basis === "requests" ? "requests" : "credits"} today. At the limit every member&apos;s
            paid and free calls on the organisation key stop until midnight IST.
          </ErrorAlert>
        )}
        <div className="grid gap-1 text-sm text-muted-foreground" data-testid="team-outside">
          {view.outside !== null ? (
            <span>
              Spent with the account outside the desk today: <span className="font-medium text-foreground">{formatCredits(view.outside)}</span>
            </span>
          ) : (
            <span>{view.ledgerError ?? "The service's ledger could not be read now."}</span>
          )}
          {limit && (
            <span>
              Account daily limit: {formatCredits(limit.used, { compact: true })} of {formatCredits(limit.limit, { compact: true })} {limit.basis === "requests" ? "requests" : "credits"} used
            </span>
          )}
        </div>
        <Table label="Members and spend today">
          <TableHeader>
            <TableRow>
              <TableHead>Member</TableHead>
              <TableHead>Key in use</TableHead>
              <TableHead>Spent today</TableHead>
              <TableHead>May buy</TableHead>
              <HiddenHead label="Actions" />
            </TableRow>
          </TableHeader>
          <TableBody>
            {view.members.map((m) => {
              const allowance = m.seat.dailyAllowance;
              const share = allowance ? Math.min(100, (m.countedToday / allowance) * 100) : 0;
              const endpoints = Object.entries(m.byEndpoint).sort((a, b) => b[1] - a[1]);
              return (
                <TableRow key={m.userId} data-testid="member-row" data-email={m.email} className={m.disabled ? "text-muted-foreground" : undefined}>
                  <TableCell>
                    <div className="font-medium text-foreground">
                      {m.name} {m.userId === currentUserId && <span className="text-xs font-normal text-muted-foreground">(you)</span>}
                    </div>
                    <div className="text-xs text-muted-foreground">{m.email}</div>
                    <div className="mt-1 flex gap-1">
                      <Badge variant={m.role === "admin" ? "default" : "secondary"}>{m.role === "admin" ? "Admin" : "Member"}</Badge>
                      {m.disabled && <Badge variant="neutral">Disabled</Badge>}
                    </div>
                  </TableCell>
                  <TableCell>
                    <KeyBadge source={m.keySource} />
                  </TableCell>
                  <TableCell className="min-w-48">
                    <div data-testid="member-spend">
                      <span className="font-medium tabular-nums">{formatCredits(m.spentToday, { compact: true })}</span>
                      {allowance !== null ? ` of ${formatCredits(allowance, { compact: true })} credits` : " credits (no allowance)"}
                    </div>
                    {allowance !== null && <Progress value={share} className="mt-1" aria-label={`${m.name}'s allowance used`} indicatorClassName={share >= 80 ? "bg-warning" : undefined} />}
                    {endpoints.length > 0 && (
                      <ul className="mt-1 text-xs text-muted-foreground" data-testid="member-endpoints">
                        {endpoints.map(([endpoint, credits]) => (
                          <li key={endpoint}>
                            {endpointLabel(endpoint)}: {formatCredits(credits)}
                          </li>
                        ))}
                      </ul>
                    )}
                  </TableCell>
                  <TableCell className="text-sm whitespace-normal">{m.seat.actions.length === PAID_ACTIONS.length ? "Everything" : m.seat.actions.length === 0 ? "Nothing paid" : m.seat.actions.map((a) => PAID_ACTION_LABELS[a].split(" (")[0]).join(", ")}</TableCell>
                  <TableCell className="text-right">
                    <Button variant="outline" size="sm" onPointerEnter={preloadSeatDialog} onFocus={preloadSeatDialog} onClick={() => setEditing(m)} aria-label={`Edit ${m.name}'s seat`}>
                      <PencilIcon aria-hidden />
                      Edit
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </CardContent>
      {editing && <SeatDialog member={editing} self={editing.userId === currentUserId} onClose={() => setEditing(null)} />}
    </Card>
  );
}
