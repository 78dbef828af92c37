"use client";

import { CardHeading } from "@/components/shell/card-heading";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CopyIcon, LinkIcon } from "lucide-react";
import { useId, useState } from "react";
import { copyWithToast } from "@/components/shell/copy-button";
import { toast } from "@/components/ui/toast";
import { ErrorState } from "@/components/shell/error-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { deskCall } from "@/lib/desk/client";
import * as api from "@/lib/desk/route-meta/team";
import type { Invite, PaidAction } from "@/lib/desk/teams";
import { INVITE_TTL_HOURS, PAID_ACTIONS } from "@/lib/desk/team-labels";
import { formatIstDateTime } from "@/lib/format/time";
import { deskQuery, refreshAfter, useDeskMutation } from "@/lib/query/desk";
import { AllowanceInput, allowanceOf, PaidActionsFieldset, RoleSelect } from "./seat-fields";

function inviteState(invite: Invite, now: number): string {
  if (invite.usedAt) return `Used by ${invite.usedBy ?? "a new member"}`;
  if (invite.revokedAt) return `Revoked ${formatIstDateTime(invite.revokedAt)}`;
  return Date.parse(invite.expiresAt) <= now ? "Expired" : `Open until ${formatIstDateTime(invite.expiresAt)}`;
}

/** One-time invite links: the link is shown once, here; the desk keeps only a hash of it. */
export function InvitesCard({ initialInvites }: { initialInvites: Invite[] }) {
  const queryClient = useQueryClient();
  const id = useId();
  const query = useQuery({ ...deskQuery(api.listInvites), initialData: initialInvites });
  const [role, setRole] = useState<"member" | "admin">("member");
  const [allowance, setAllowance] = useState("");
  const [note, setNote] = useState("");
  const [actions, setActions] = useState<PaidAction[]>([...PAID_ACTIONS]);
  const [link, setLink] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [now] = useState(() => Date.now());

  const revoke = useDeskMutation(api.revokeInvite, {
    onSuccess: () => toast.success("Invite revoked: its link signs nobody up."),
    onError: (e) => toast.error(isAlphaError(e) ? e.message : "The invite was not revoked. Try again."),
  });

  const create = useMutation({
    mutationFn: () => deskCall(api.createInvite, { body: { role, note, actions, dailyAllowance: allowanceOf(allowance) } }),
    onSuccess: (created) => {
      setLink(created.url);
      setError(null);
      setNote("");
      refreshAfter(queryClient, api.createInvite);
    },
    onError: (e) => setError(isAlphaError(e) ? e.message : "The invite was not made. Try again."),
  });

  return (
    <Card data-testid="invites-card">
      <CardHeader>
        <CardHeading icon={LinkIcon} iconClassName="text-primary" title="Invite a member" description={<>A link that signs up one person, valid for {INVITE_TTL_HOURS} hours. It is shown once: copy it and send it to them.</>} />
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            setLink(null);
            create.mutate();
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-note`}>Who it is for (a note for you)</Label>
            <Input id={`${id}-note`} value={note} maxLength={100} onChange={(e) => setNote(e.target.value)} placeholder="e.g. New analyst" />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-allowance`}>Daily allowance (credits)</Label>
            <AllowanceInput id={`${id}-allowance`} value={allowance} onChange={(e) => setAllowance(e.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-role`}>Role</Label>
            <RoleSelect id={`${id}-role`} className="w-full" value={role} onChange={setRole} />
          </div>
          <PaidActionsFieldset value={actions} onChange={setActions} />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Making the link…" : "Make invite link"}
            </Button>
          </div>
        </form>
        {error && <p className="text-sm text-destructive">{error}</p>}
        {link && (
          <div className="grid gap-2 rounded-lg border bg-muted/40 p-3" data-testid="invite-link">
            <Label htmlFor={`${id}-link`}>The invite link (shown once)</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input id={`${id}-link`} readOnly value={link} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
              <Button
                type="button"
                variant="outline"
                onClick={() => copyWithToast(link, "Link")}
              >
                <CopyIcon aria-hidden />
                Copy
              </Button>
            </div>
          </div>
        )}
        {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
        {query.data.length > 0 && (
          <ul className="grid gap-2 text-sm" data-testid="invite-list">
            {query.data.slice(0, 10).map((invite) => (
              <li key={invite.id} className="flex flex-wrap items-center gap-2">
                <Badge variant={invite.usedAt ? "secondary" : "neutral"}>{invite.role === "admin" ? "Admin" : "Member"}</Badge>
                <span className="font-medium">{invite.note || "Invite"}</span>
                <span className="text-muted-foreground">{inviteState(invite, now)}</span>
                {!invite.usedAt && !invite.revokedAt && Date.parse(invite.expiresAt) > now && (
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    className="ml-auto"
                    data-testid="revoke-invite"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate({ params: { id: invite.id } })}
                  >
                    Revoke
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
