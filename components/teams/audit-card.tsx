"use client";

import { CardHeading } from "@/components/shell/card-heading";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ScrollTextIcon } from "lucide-react";
import { ErrorState } from "@/components/shell/error-state";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardHeader } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { deskUrl } from "@/lib/desk/client";
import * as api from "@/lib/desk/route-meta/team";
import type { AuditPage } from "@/lib/desk/teams";
import { AUDIT_ACTIONS, type AuditAction } from "@/lib/desk/audit-actions";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption, NativeSelectOptions } from "@/components/ui/native-select";
import { formatIstDateTime, istInstantsIn } from "@/lib/format/time";
import { deskQuery } from "@/lib/query/desk";
import { DownloadLink } from "@/components/shell/download-link";
import { staleProps } from "@/components/shell/stale-props";

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
  "invite.revoked": "Invite revoked",
  "team.spend_threshold": "Team confirmation threshold changed",
  "member.added": "Member added",
};

type Filters = { action: string; actor: string; from: string; to: string };
const NO_FILTERS: Filters = { action: "", actor: "", from: "", to: "" };

/**
 * Every change to keys, roles and allowances, newest first, a page at a time through all of it (keyset), narrowed by
 * what, who and which days; the CSV holds the whole log.
 */
export function AuditCard({ initialPage }: { initialPage: AuditPage }) {
  const id = useId();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // The cursors of the pages before the one shown: "Newer" steps back through them.
  const [cursors, setCursors] = useState<string[]>([]);
  const before = cursors.at(-1);
  const query = {
    ...(filters.action ? { action: filters.action as AuditAction | "access" } : {}),
    ...(filters.actor.trim() ? { actor: filters.actor.trim() } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(before ? { before } : {}),
  };
  const first = Object.keys(query).length === 0;
  const page = useQuery({ ...deskQuery(api.listAudit, { query }), placeholderData: keepPreviousData, ...(first ? { initialData: initialPage } : {}) });
  const entries = page.data?.entries ?? [];
  const change = (next: Partial<Filters>) => {
    setFilters((now) => ({ ...now, ...next }));
    setCursors([]);
  };
  return (
    <Card data-testid="audit-card">
      <CardHeader>
        <CardHeading icon={ScrollTextIcon} iconClassName="text-primary" title="Audit log" description="Who changed a key, a role or an allowance, and when." />
        <CardAction>
          <DownloadLink href={deskUrl(api.exportAudit)} label="Export CSV" />
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-4" data-testid="audit-filters">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-action`}>What</Label>
            <NativeSelect id={`${id}-action`} className="w-full" value={filters.action} onChange={(e) => change({ action: e.target.value })}>
              <NativeSelectOption value="">Every change</NativeSelectOption>
              <NativeSelectOption value="access">Keys, roles and allowances</NativeSelectOption>
              <NativeSelectOptions values={AUDIT_ACTIONS} label={(a) => ACTION_WORDS[a] ?? a} />
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-actor`}>Who (email)</Label>
            <Input id={`${id}-actor`} value={filters.actor} onChange={(e) => change({ actor: e.target.value })} placeholder="Anyone" />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-from`}>From (IST)</Label>
            <Input id={`${id}-from`} type="date" value={filters.from} onChange={(e) => change({ from: e.target.value })} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-to`}>To (IST)</Label>
            <Input id={`${id}-to`} type="date" value={filters.to} onChange={(e) => change({ to: e.target.value })} />
          </div>
        </div>
        {page.isError && <ErrorState error={page.error} onRetry={() => void page.refetch()} />}
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{first ? "No changes yet." : "No changes match these filters."}</p>
        ) : (
          <Table label="Audit log" {...staleProps(page.isPlaceholderData)}>
            <TableHeader>
              <TableRow>
                <TableHead>When</TableHead>
                <TableHead className="hidden sm:table-cell">Who</TableHead>
                <TableHead>What</TableHead>
                <TableHead className="hidden md:table-cell">Change</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {entries.map((e) => {
                const change = istInstantsIn(e.change);
                return (
                  <TableRow key={e.id} data-testid="audit-row" data-action={e.action}>
                    <TableCell className="align-top whitespace-normal sm:whitespace-nowrap">{formatIstDateTime(e.at)}</TableCell>
                    <TableCell className="hidden min-w-32 align-top whitespace-normal break-all sm:table-cell">{e.actor}</TableCell>
                    <TableCell className="min-w-40 align-top whitespace-normal">
                      <div className="font-medium">{ACTION_WORDS[e.action] ?? e.action}</div>
                      <div className="text-xs text-muted-foreground">{e.target}</div>
                      {/* Below the widths that show their own columns, who made the change and what it was sit here. */}
                      <div className="text-xs break-all text-muted-foreground sm:hidden">by {e.actor}</div>
                      <div className="mt-1 text-sm md:hidden">{change}</div>
                    </TableCell>
                    <TableCell className="hidden min-w-40 align-top text-sm whitespace-normal md:table-cell">{change}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
        {(cursors.length > 0 || page.data?.nextBefore) && (
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" size="sm" disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
              Newer
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              data-testid="audit-older"
              disabled={!page.data?.nextBefore || page.isPlaceholderData}
              onClick={() => page.data?.nextBefore && setCursors((c) => [...c, page.data.nextBefore!])}
            >
              Older
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
