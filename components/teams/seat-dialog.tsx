"use client";

import { AlertTriangleIcon } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "@/components/ui/toast";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import * as api from "@/lib/desk/route-meta";
import type { MemberSpend, PaidAction, UpdateMemberInput } from "@/lib/desk/teams";
import { PAID_ACTION_LABELS, PAID_ACTIONS } from "@/lib/desk/team-labels";
import { useDeskMutation } from "@/lib/query/desk";

/** A member's seat as an admin edits it: allowance, what they may buy, role (loaded by MembersCard when first asked for). */
export function SeatDialog({ member, self, onClose }: { member: MemberSpend; self: boolean; onClose: () => void }) {
  const id = useId();
  const [role, setRole] = useState(member.role);
  const [disabled, setDisabled] = useState(member.disabled);
  const [allowance, setAllowance] = useState(member.seat.dailyAllowance === null ? "" : String(member.seat.dailyAllowance));
  const [actions, setActions] = useState<PaidAction[]>(member.seat.actions);
  const [error, setError] = useState<string | null>(null);
  const save = useDeskMutation(api.updateMember, {
    onSuccess: () => {
      toast.success(`${member.name}'s seat is saved.`);
      onClose();
    },
    onError: (e) => setError(isAlphaError(e) ? e.message : "The change was not saved. Try again."),
  });

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = allowance.trim();
    const value = trimmed === "" ? null : Number(trimmed);
    if (value !== null && (!Number.isInteger(value) || value < 0)) {
      setError("The daily allowance is a whole number of credits, or empty for none.");
      return;
    }
    const change: UpdateMemberInput = { dailyAllowance: value, actions };
    if (role !== member.role) change.role = role;
    if (disabled !== member.disabled) change.disabled = disabled;
    save.mutate({ params: { id: member.userId }, body: change });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{member.name}&apos;s seat</DialogTitle>
            <DialogDescription>What they may spend on the organisation key each day, and on what. Every change is kept in the audit log.</DialogDescription>
          </DialogHeader>
          {error && (
            <Alert variant="destructive">
              <AlertTriangleIcon aria-hidden />
              <AlertTitle>Not saved</AlertTitle>
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          )}
          <div className="grid gap-2">
            <Label htmlFor={`${id}-allowance`}>Daily allowance (credits)</Label>
            <Input id={`${id}-allowance`} inputMode="numeric" value={allowance} onChange={(e) => setAllowance(e.target.value)} placeholder="No allowance" aria-describedby={`${id}-allowance-hint`} />
            <p id={`${id}-allowance-hint`} className="text-xs text-muted-foreground">
              Empty: no allowance, the account&apos;s balance is the limit. Counted per IST day.
            </p>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">May buy</legend>
            {PAID_ACTIONS.map((action) => (
              <label key={action} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={actions.includes(action)}
                  onChange={(e) => setActions((now) => (e.target.checked ? [...now, action] : now.filter((a) => a !== action)))}
                />
                {PAID_ACTION_LABELS[action]}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-2 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-role`}>Role</Label>
              <NativeSelect id={`${id}-role`} className="w-full" value={role} disabled={self} onChange={(e) => setRole(e.target.value === "admin" ? "admin" : "member")}>
                <NativeSelectOption value="member">Member</NativeSelectOption>
                <NativeSelectOption value="admin">Admin</NativeSelectOption>
              </NativeSelect>
            </div>
            <label className="flex items-center gap-2 self-end pb-2 text-sm">
              <input type="checkbox" className="size-4 accent-primary" checked={disabled} disabled={self} onChange={(e) => setDisabled(e.target.checked)} />
              Disabled (cannot sign in)
            </label>
          </div>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving…" : "Save seat"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
