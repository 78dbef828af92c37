"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { deskCall } from "@/lib/desk/client";
import { queryKeys } from "@/lib/query/keys";

interface Target {
  id: string;
  name: string;
  email: string;
  failedSignIns: number;
}

/**
 * An admin's help for a user who cannot get in: forget their failed sign-ins (lifting every wait), or give them a
 * temporary password, shown here once, that they must replace at their first sign-in.
 */
export function UserAccessActions({ user, self }: { user: Target; self: boolean }) {
  const queryClient = useQueryClient();
  const [temporary, setTemporary] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const params = { id: user.id };

  async function run<T>(action: () => Promise<T>, done: (result: T) => void) {
    setPending(true);
    try {
      done(await action());
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.users() });
    } catch (e) {
      toast.error(isAlphaError(e) ? e.message : "That did not work. Try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      {user.failedSignIns > 0 && (
        <Button
          variant="ghost"
          size="sm"
          disabled={pending}
          aria-label={`Clear failed sign-ins of ${user.name}`}
          onClick={() =>
            void run(
              () => deskCall("clearSignInFailures", { params }),
              () => toast.success(`${user.name} can sign in again without waiting.`),
            )
          }
        >
          Clear failed sign-ins
        </Button>
      )}
      {!self && (
        <AlertDialog onOpenChange={(open) => !open && setTemporary(null)}>
          <AlertDialogTrigger asChild>
            <Button variant="ghost" size="sm" disabled={pending} aria-label={`Temporary password for ${user.name}`}>
              Temporary password
            </Button>
          </AlertDialogTrigger>
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
                <Button
                  disabled={pending}
                  onClick={() =>
                    void run(
                      () => deskCall("issueTemporaryPassword", { params }),
                      (result) => setTemporary(result.temporaryPassword),
                    )
                  }
                >
                  Issue it
                </Button>
              )}
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      )}
    </>
  );
}
