"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { deskCall } from "@/lib/desk/client";
import * as api from "@/lib/desk/route-meta/admin";
import { deskKey } from "@/lib/query/desk";
import { preloadTemporaryPasswordDialog, TemporaryPasswordDialog } from "./admin-dialogs-lazy";

export interface Target {
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
  const [asking, setAsking] = useState(false);
  const params = { id: user.id };

  async function run<T>(action: () => Promise<T>, done: (result: T) => void) {
    setPending(true);
    try {
      done(await action());
      void queryClient.invalidateQueries({ queryKey: deskKey("listUsers") });
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
              () => deskCall(api.clearSignInFailures, { params }),
              () => toast.success(`${user.name} can sign in again without waiting.`),
            )
          }
        >
          Clear failed sign-ins
        </Button>
      )}
      {!self && (
        <>
          <Button
            variant="ghost"
            size="sm"
            disabled={pending}
            aria-label={`Temporary password for ${user.name}`}
            onPointerEnter={preloadTemporaryPasswordDialog}
            onFocus={preloadTemporaryPasswordDialog}
            onClick={() => setAsking(true)}
          >
            Temporary password
          </Button>
          <TemporaryPasswordDialog
            open={asking}
            onOpenChange={(open) => {
              setAsking(open);
              if (!open) setTemporary(null);
            }}
            user={user}
            temporary={temporary}
            pending={pending}
            onIssue={() =>
              void run(
                () => deskCall(api.issueTemporaryPassword, { params }),
                (result) => setTemporary(result.temporaryPassword),
              )
            }
          />
        </>
      )}
    </>
  );
}
