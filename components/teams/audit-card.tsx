"use client";

import { CardHeading } from "@/components/shell/card-heading";
import { useQuery } from "@tanstack/react-query";
import { DownloadIcon, ScrollTextIcon } from "lucide-react";
import { ErrorState } from "@/components/shell/error-state";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardHeader } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { deskUrl } from "@/lib/desk/client";
import * as api from "@/lib/desk/route-meta";
import type { AuditEntry } from "@/lib/desk/teams";
import { formatIstDateTime, istInstantsIn } from "@/lib/format/time";
import { deskQuery } from "@/lib/query/desk";

const ACTION_WORDS: Record<string, string> = {
  "org_key.saved": "Organisation key stored",
  "org_key.deleted": "Organisation key deleted",
  "personal_key.saved": "Own key stored",
  "personal_key.deleted": "Own key deleted",
  "member.role": "Role changed",
  "member.disabled": "Member disabled",
  "member.enabled": "Member enabled",
  "member.allowance": "Allowance changed",
  "member.actions": "Paid actions changed",
  "invite.created": "Invite made",
  "invite.accepted": "Joined by invite",
  "team.spend_threshold": "Team confirmation threshold changed",
  "member.added": "Member added",
};

/** Every change to keys, roles and allowances, newest first; the whole log downloads as CSV. */
export function AuditCard({ initialEntries }: { initialEntries: AuditEntry[] }) {
  const query = useQuery({ ...deskQuery(api.listAudit), initialData: initialEntries });
  return (
    <Card data-testid="audit-card">
      <CardHeader>
        <CardHeading icon={ScrollTextIcon} iconClassName="text-primary" title="Audit log" description="Who changed a key, a role or an allowance, and when." />
        <CardAction>
          <Button asChild variant="outline" size="sm">
            <a href={deskUrl(api.exportAudit)} download>
              <DownloadIcon aria-hidden />
              Export CSV
            </a>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
        {query.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No changes yet.</p>
        ) : (
          <div className="overflow-x-auto [&_[data-slot=table-container]]:overflow-visible" tabIndex={0} role="region" aria-label="Audit log">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>When</TableHead>
                  <TableHead>Who</TableHead>
                  <TableHead>What</TableHead>
                  <TableHead>Change</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {query.data.slice(0, 50).map((e) => (
                  <TableRow key={e.id} data-testid="audit-row" data-action={e.action}>
                    <TableCell className="whitespace-nowrap">{formatIstDateTime(e.at)}</TableCell>
                    <TableCell className="whitespace-normal break-all">{e.actor}</TableCell>
                    <TableCell className="min-w-40 whitespace-normal">
                      <div className="font-medium">{ACTION_WORDS[e.action] ?? e.action}</div>
                      <div className="text-xs text-muted-foreground">{e.target}</div>
                    </TableCell>
                    <TableCell className="min-w-40 text-sm whitespace-normal">{istInstantsIn(e.change)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
