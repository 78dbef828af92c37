"use client";

import { useQuery } from "@tanstack/react-query";
import { RotateCwIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { type ReactNode, useId } from "react";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption, NativeSelectOptions } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import type { DeliveryRow, ListDeliveriesQuery } from "@/lib/desk/alert-rules";
import * as alertDeliveriesApi from "@/lib/desk/route-meta/alert-deliveries";
import * as alertRulesApi from "@/lib/desk/route-meta/alert-rules";
import { formatIstDateTime } from "@/lib/format/time";
import { deskQuery, useDeskMutation } from "@/lib/query/desk";

const TONE: Record<DeliveryRow["status"], "default" | "secondary" | "destructive" | "outline"> = { delivered: "secondary", sending: "outline", failed: "destructive", interrupted: "outline", skipped: "outline" };
const STATUSES = ["delivered", "failed", "interrupted", "sending", "skipped"] as const;
const CHANNELS = ["inbox", "webhook", "email", "telegram", "push"] as const;

/** One filter of the ledger: its label, and a select whose first option (empty) is every value. */
function FilterSelect({ id, label, all, value, onChange, children }: { id: string; label: string; all: string; value: string | undefined; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value ?? ""} onChange={(e) => onChange(e.target.value)}>
        <NativeSelectOption value="">{all}</NativeSelectOption>
        {children}
      </NativeSelect>
    </div>
  );
}

/** The delivery ledger: every attempt (and what was skipped, with why), filtered in the URL, with "send again". */
export function DeliveriesTable({ query }: { query: ListDeliveriesQuery }) {
  const id = useId();
  const router = useRouter();
  const page = useQuery(deskQuery(alertDeliveriesApi.listDeliveries, { query }));
  const rules = useQuery(deskQuery(alertRulesApi.listAlertRules));
  const resend = useDeskMutation(alertDeliveriesApi.resendDelivery);
  const go = (change: Partial<Record<"rule" | "channel" | "status", string>>) => {
    const next = new URLSearchParams(Object.entries({ rule: query.rule, channel: query.channel, status: query.status, ...change }).filter((e): e is [string, string] => Boolean(e[1])));
    router.push(`/deliveries${next.size ? `?${next.toString()}` : ""}`);
  };
  return (
    <Card>
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-3" role="group" aria-label="Filters">
          <FilterSelect id={`${id}-rule`} label="Rule" all="All rules" value={query.rule} onChange={(rule) => go({ rule })}>
            {rules.data?.map((r) => (
              <NativeSelectOption key={r.id} value={r.id}>
                {r.name}
              </NativeSelectOption>
            ))}
          </FilterSelect>
          <FilterSelect id={`${id}-channel`} label="Channel" all="All channels" value={query.channel} onChange={(channel) => go({ channel })}>
            <NativeSelectOptions values={CHANNELS} />
          </FilterSelect>
          <FilterSelect id={`${id}-status`} label="Status" all="Any status" value={query.status} onChange={(status) => go({ status })}>
            <NativeSelectOptions values={STATUSES} />
          </FilterSelect>
        </div>
        {page.isPending ? (
          <Skeleton className="h-40" />
        ) : page.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The ledger could not be loaded: {page.error.message}
          </p>
        ) : page.data.rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing sent yet. Deliveries show here as your rules match events.</p>
        ) : (
          <Table data-testid="deliveries">
            <TableHeader>
              <TableRow>
                <TableHead>When</TableHead>
                <TableHead>Event</TableHead>
                <TableHead>Rule</TableHead>
                <TableHead>Channel</TableHead>
                <TableHead className="text-right">Attempt</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Latency</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {page.data.rows.map((row) => (
                <TableRow key={row.id} data-testid="delivery-row" data-status={row.status} data-channel={row.channel}>
                  <TableCell className="whitespace-nowrap">{formatIstDateTime(row.at)}</TableCell>
                  <TableCell className="max-w-72 min-w-48 break-words whitespace-normal">{row.title}</TableCell>
                  <TableCell className="break-words whitespace-normal">{row.ruleName}</TableCell>
                  <TableCell className="max-w-48 break-all whitespace-normal">{row.target}</TableCell>
                  <TableCell className="text-right tabular-nums">{row.attempt}</TableCell>
                  <TableCell className="max-w-64 whitespace-normal">
                    <Badge variant={TONE[row.status]}>{row.status}</Badge>
                    {row.error && <span className="mt-1 block text-xs break-words text-muted-foreground">{row.error}</span>}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{row.latencyMs === null ? "—" : `${row.latencyMs} ms`}</TableCell>
                  <TableCell>
                    {row.status !== "sending" && (
                      <Button variant="ghost" size="sm" disabled={resend.isPending} onClick={() => resend.mutate({ params: { id: row.deliveryId } }, { onSuccess: () => toast.success("Sending it again."), onError: (e) => toast.error(isAlphaError(e) ? e.message : "That did not work.") })}>
                        <RotateCwIcon aria-hidden /> Send again<span className="sr-only">: {row.title}</span>
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {page.data?.nextBefore && (
          <Link href={`/deliveries?${new URLSearchParams(Object.entries({ ...query, before: page.data.nextBefore }).filter((e): e is [string, string] => typeof e[1] === "string")).toString()}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
            Older
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
