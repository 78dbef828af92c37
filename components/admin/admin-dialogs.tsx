"use client";

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
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
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{temporary ? `Temporary password for ${user.name}` : `Give ${user.name} a temporary password?`}</AlertDialogTitle>
          <AlertDialogDescription>
            {temporary
              ? "Give it to them in person or by another channel. It is shown only now; they choose their own at first sign-in."
              : `${user.email}'s current password stops working and they are signed out everywhere.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {temporary && (
          <p className="rounded-md border bg-muted/40 px-3 py-2 font-mono text-base break-all select-all" data-testid="temporary-password">
            {temporary}
          </p>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel>{temporary ? "Done" : "Cancel"}</AlertDialogCancel>
          {!temporary && (
            <Button disabled={pending} onClick={onIssue}>
              Issue it
            </Button>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** "Disable …?" before an account is disabled (loaded by UsersTable when first asked for). */
export function DisableUserDialog({ user, onClose, onConfirm }: { user: UserSummary | null; onClose: () => void; onConfirm: (user: UserSummary) => void }) {
  return (
    <AlertDialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Disable {user?.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            {user?.email} is signed out everywhere and cannot sign in until you enable the account again. Their stored key and history stay.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction className="bg-destructive text-destructive-foreground hover:bg-destructive/90" onClick={() => user && onConfirm(user)}>
            Disable
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
