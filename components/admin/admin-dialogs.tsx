"use client";

import { ConfirmDialog } from "@/components/shell/confirm-dialog";
import { Button } from "@/components/ui/button";
import type { UserSummary } from "@/lib/desk/users";
import type { Target } from "./user-access-actions";

/** Give a user a temporary password, then show it once (loaded by UserAccessActions when first asked for). */
export function TemporaryPasswordDialog({
  open,
  onOpenChange,
  user,
  temporary,
  pending,
  onIssue,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: Target;
  temporary: string | null;
  pending: boolean;
  onIssue: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={temporary ? `Temporary password for ${user.name}` : `Give ${user.name} a temporary password?`}
      description={
        temporary
          ? "Give it to them in person or by another channel. It is shown only now; they choose their own at first sign-in."
          : `${user.email}'s current password stops working and they are signed out everywhere.`
      }
      cancel={temporary ? "Done" : "Cancel"}
      confirm={
        !temporary && (
          <Button disabled={pending} onClick={onIssue}>
            Issue it
          </Button>
        )
      }
    >
      {temporary && (
        <p className="rounded-md border bg-muted/40 px-3 py-2 font-mono text-base break-all select-all" data-testid="temporary-password">
          {temporary}
        </p>
      )}
    </ConfirmDialog>
  );
}

/** "Disable …?" before an account is disabled (loaded by UsersTable when first asked for). */
export function DisableUserDialog({ user, onClose, onConfirm }: { user: UserSummary | null; onClose: () => void; onConfirm: (user: UserSummary) => void }) {
  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Disable ${user?.name ?? ""}?`}
      description={`${user?.email ?? ""} is signed out everywhere and cannot sign in until you enable the account again. Their stored key and history stay.`}
      confirm="Disable"
      destructive
      onConfirm={() => user && onConfirm(user)}
    />
  );
}
