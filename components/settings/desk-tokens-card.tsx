"use client";

import { useQuery } from "@tanstack/react-query";
import { CopyIcon, KeyRoundIcon, Trash2Icon } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { HeadedCard } from "@/components/shell/card-heading";
import { QueryList } from "@/components/shell/query-list";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { copyWithToast } from "@/components/shell/copy-button";
import { toast } from "@/components/ui/toast";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import type { DeskToken } from "@/lib/desk/desk-tokens";
import { DESK_ALPHA_BASE, TOKEN_SCOPE_LABELS, TOKEN_SCOPES, type TokenScope } from "@/lib/desk/token-labels";
import * as adminRoutes from "@/lib/desk/route-meta/admin";
import * as api from "@/lib/desk/route-meta/tokens";
import { formatIstDateTime } from "@/lib/format/time";
import { deskQuery, useDeskMutation } from "@/lib/query/desk";

const failed = (e: unknown) => toast.error(isAlphaError(e) ? e.message : "That did not work. Try again.");

/** The secret of a token just minted: shown once (the desk keeps only its hash), with the base URL to point a client at. */
function MintedSecret({ secret, name }: { secret: string; name: string }) {
  const id = useId();
  const base = typeof window === "undefined" ? DESK_ALPHA_BASE : `${window.location.origin}${DESK_ALPHA_BASE}`;
  return (
    <div className="grid gap-2 rounded-lg border bg-muted/40 p-3" data-testid="token-secret">
      <Label htmlFor={id}>Token “{name}” (shown once)</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id={id} readOnly value={secret} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} data-testid="token-secret-input" />
        <Button type="button" variant="outline" onClick={() => copyWithToast(secret, "Token")}>
          <CopyIcon aria-hidden />
          Copy token
        </Button>
      </div>
      <p className="break-words text-xs text-muted-foreground">
        Point the Alpha API client at <code className="font-mono">{base}</code> and send this token as <code className="font-mono">X-API-Key</code>. It spends the organisation&apos;s credits within its
        scopes and caps; revoke it here if it leaks.
      </p>
    </div>
  );
}

function optionalNumber(value: FormDataEntryValue | null): number | null {
  const text = typeof value === "string" ? value.trim() : "";
  if (text === "") return null;
  const n = Number(text);
  return Number.isFinite(n) ? Math.round(n) : null;
}

/** An admin mints for any active member (their seat applies to the token); the default is the admin themself. */
function OwnerPicker({ id }: { id: string }) {
  const users = useQuery(deskQuery(adminRoutes.listUsers));
  const active = (users.data ?? []).filter((u) => !u.disabled);
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>Belongs to</Label>
      <NativeSelect id={id} name="ownerId" defaultValue="" className="w-full sm:w-80" disabled={users.isPending} data-testid="token-owner">
        <NativeSelectOption value="">Me</NativeSelectOption>
        {active.map((u) => (
          <NativeSelectOption key={u.id} value={u.id}>
            {u.name ? `${u.name} (${u.email})` : u.email}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      <p className="text-xs text-muted-foreground">Its spend counts against that member&apos;s seat and shows under the token on the usage page.</p>
    </div>
  );
}

function MintForm({ onMinted, isAdmin }: { onMinted: (secret: string, name: string) => void; isAdmin: boolean }) {
  const ids = { name: useId(), daily: useId(), monthly: useId(), rpm: useId(), expiry: useId(), addresses: useId(), owner: useId() };
  const mint = useDeskMutation(api.mintDeskToken, { onSuccess: (m) => onMinted(m.secret, m.token.name), onError: failed });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const scopes = TOKEN_SCOPES.filter((s) => form.get(`scope-${s}`) === "on");
    const addresses = String(form.get("addresses") ?? "")
      .split(/[\s,]+/)
      .map((a) => a.trim())
      .filter(Boolean);
    const ownerId = String(form.get("ownerId") ?? "");
    mint.mutate({
      body: {
        ...(isAdmin && ownerId ? { ownerId } : {}),
        name: String(form.get("name") ?? ""),
        scopes,
        dailyCap: optionalNumber(form.get("dailyCap")),
        monthlyCap: optionalNumber(form.get("monthlyCap")),
        rpm: optionalNumber(form.get("rpm")),
        expiresInDays: optionalNumber(form.get("expiresInDays")),
        allowedAddresses: addresses,
      },
    });
  };
  return (
    <form className="grid gap-3 rounded-lg border p-3" onSubmit={submit} aria-label="Mint a desk token" data-testid="token-mint-form">
      <div className="grid gap-1">
        <Label htmlFor={ids.name}>Name</Label>
        <Input id={ids.name} name="name" required maxLength={80} placeholder="e.g. Morning notebook" />
      </div>
      {isAdmin && <OwnerPicker id={ids.owner} />}
      <fieldset className="grid gap-1">
        <legend className="text-sm font-medium">Scopes</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {TOKEN_SCOPES.map((scope: TokenScope) => (
            <label key={scope} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={`scope-${scope}`} defaultChecked={scope === "free" || scope === "data"} className="size-4 accent-primary" />
              {TOKEN_SCOPE_LABELS[scope]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid gap-1">
          <Label htmlFor={ids.daily}>Credits a day</Label>
          <Input id={ids.daily} name="dailyCap" type="number" min={1} inputMode="numeric" placeholder="No cap" />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={ids.monthly}>Credits a month</Label>
          <Input id={ids.monthly} name="monthlyCap" type="number" min={1} inputMode="numeric" placeholder="No cap" />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={ids.rpm}>Requests a minute</Label>
          <Input id={ids.rpm} name="rpm" type="number" min={1} inputMode="numeric" placeholder="No limit" />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={ids.expiry}>Expires in (days)</Label>
          <Input id={ids.expiry} name="expiresInDays" type="number" min={1} max={3650} defaultValue={90} inputMode="numeric" />
        </div>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={ids.addresses}>Allowed source addresses (optional)</Label>
        <Input id={ids.addresses} name="addresses" placeholder="e.g. 203.0.113.7, 10.0.0.0/24" />
      </div>
      <div>
        <Button type="submit" disabled={mint.isPending} data-testid="token-mint">
          <KeyRoundIcon aria-hidden />
          Mint token
        </Button>
      </div>
    </form>
  );
}

function TokenRow({ token, showOwner }: { token: DeskToken; showOwner: boolean }) {
  const revoke = useDeskMutation(api.revokeDeskToken, { onSuccess: () => toast.success(`Token “${token.name}” revoked; its streams are closed.`), onError: failed });
  const state = token.state === "revoked" ? "Revoked" : token.state === "expired" ? "Expired" : "Active";
  return (
    <li className="flex flex-col gap-2 rounded-md border px-3 py-2 sm:flex-row sm:items-center" data-testid="desk-token" data-token-id={token.id}>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="break-words font-medium">
          {token.name} <span className="font-mono text-xs text-muted-foreground">…{token.last4}</span>
        </span>
        <span className="break-words text-xs text-muted-foreground">
          {token.scopes.map((s) => TOKEN_SCOPE_LABELS[s]).join(" · ")}
          {showOwner && token.ownerEmail ? ` · for ${token.ownerEmail}` : ""}
        </span>
        <span className="text-xs text-muted-foreground">
          Spent today {token.spentToday}
          {token.dailyCap !== null ? ` of ${token.dailyCap}` : ""} · this month {token.spentThisMonth}
          {token.monthlyCap !== null ? ` of ${token.monthlyCap}` : ""} credits
          {token.rpm !== null ? ` · ${token.rpm} requests a minute` : ""}
          {token.expiresAt ? ` · expires ${formatIstDateTime(token.expiresAt)}` : ""}
          {token.lastUsedAt ? ` · last used ${formatIstDateTime(token.lastUsedAt)}` : ""}
        </span>
      </div>
      <Badge variant={state === "Active" ? "secondary" : "outline"}>{state}</Badge>
      {state === "Active" && (
        <Button size="sm" variant="ghost" onClick={() => revoke.mutate({ params: { id: token.id } })} disabled={revoke.isPending} aria-label={`Revoke the token ${token.name}`} data-testid="token-revoke">
          <Trash2Icon aria-hidden />
          Revoke
        </Button>
      )}
    </li>
  );
}

/** Desk tokens: a script's key to the Alpha API through the desk, with scopes and caps; an admin sees everyone's. */
export function DeskTokensCard({ isAdmin }: { isAdmin: boolean }) {
  const tokens = useQuery(deskQuery(api.listDeskTokens));
  const [minted, setMinted] = useState<{ secret: string; name: string } | null>(null);
  return (
    <HeadedCard
      data-testid="desk-tokens-card"
      icon={KeyRoundIcon}
      iconClassName="text-primary"
      title="Desk tokens for scripts"
      description={`A notebook or cron job calls the Alpha API through the desk (${DESK_ALPHA_BASE}) with a token of its own: the organisation's key never leaves the desk, and every credit it spends is counted against the token's caps and ${isAdmin ? "its owner's" : "your"} seat.`}
      contentClassName="grid gap-3"
    >
      {minted && <MintedSecret secret={minted.secret} name={minted.name} />}
      <MintForm isAdmin={isAdmin} onMinted={(secret, name) => setMinted({ secret, name })} />
      <QueryList query={tokens} label="Desk tokens" loading="Loading tokens…" empty="No tokens yet.">
        {(token) => <TokenRow key={token.id} token={token} showOwner={isAdmin} />}
      </QueryList>
    </HeadedCard>
  );
}
