"use client";

import { useId, useState } from "react";
import { toast } from "@/components/ui/toast";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import * as api from "@/lib/desk/route-meta/team";
import type { MemberSpend, PaidAction, UpdateMemberInput } from "@/lib/desk/teams";
import { useDeskMutation } from "@/lib/query/desk";
import { AllowanceInput, allowanceOf, PaidActionsFieldset, RoleSelect } from "./seat-fields";

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
    const value = allowanceOf(allowance);
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
            <ErrorAlert title="Not saved">
              {error}
            </ErrorAlert>
          )}
          <div className="grid gap-2">
            <Label htmlFor={`${id}-allowance`}>Daily allowance (credits)</Label>
            <AllowanceInput id={`${id}-allowance`} value={allowance} onChange={(e) => setAllowance(e.target.value)} aria-describedby={`${id}-allowance-hint`} />
            <p id={`${id}-allowance-hint`} className="text-xs text-muted-foreground">
              Empty: no allowance, the account&apos;s balance is the limit. Counted per IST day.
            </p>
          </div>
          <PaidActionsFieldset className="gap-2" value={actions} onChange={setActions} />
          <div className="grid gap-2 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-role`}>Role</Label>
              <RoleSelect id={`${id}-role`} className="w-full" value={role} disabled={self} onChange={setRole} />
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
