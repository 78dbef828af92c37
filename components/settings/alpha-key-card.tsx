"use client";

import { CardHeading } from "@/components/shell/card-heading";
import { useQueryClient } from "@tanstack/react-query";
import { KeyRoundIcon, Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "@/components/ui/card";
import { deskCall } from "@/lib/desk/client";
import * as api from "@/lib/desk/route-meta/settings";
import { refreshAfter } from "@/lib/query/desk";
import type { AlphaKeyStatusView as AlphaKeyStatus } from "@/lib/desk/users";
import { formatPlanName } from "@/lib/format/plan";
import { DeleteKeyDialog, preloadDeleteKeyDialog } from "./delete-key-dialog-lazy";
import { KeyEntryForm, KeyStatusLine, useKeyEditor } from "./key-editor";

/**
 * Paste, check and store the Alpha key. The input is a password field, cleared after every attempt; the desk
 * only ever shows the last four characters back.
 */
export function AlphaKeyCard({ initialStatus }: { initialStatus: AlphaKeyStatus }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState(initialStatus);
  // The organisation's key may be the one in use; this card is about the user's own key only.
  const ownKey = (s: AlphaKeyStatus) => s.hasKey && s.source !== "organisation";
  const hasOwn = ownKey(status);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const refreshDesk = (next: AlphaKeyStatus) => {
    setStatus(next);
    refreshAfter(queryClient, api.putAlphaKey);
    router.refresh();
  };
  const editor = useKeyEditor({
    editing: !ownKey(initialStatus),
    empty: "Paste your Alpha API key first.",
    save: async (key) => {
      const next = await deskCall(api.putAlphaKey, { body: { key } });
      toast.success(`Key saved: •••• ${next.last4 ?? ""}`);
      refreshDesk(next);
    },
  });
  const remove = () =>
    editor.run(async () => {
      const next = await deskCall(api.deleteAlphaKey);
      toast.success(next.hasKey ? "Key deleted. Your requests now use the organisation's key." : "Key deleted. The desk will not call the Alpha API for you until you add one.");
      refreshDesk(next);
    }, "The key could not be deleted. Try again.");

  return (
    <Card id="alpha-key" className="scroll-mt-20" data-testid="alpha-key-card">
      <CardHeader>
        <CardHeading icon={KeyRoundIcon} iconClassName="text-primary" title="Alpha API key" description="The desk calls the Alpha API with your key. It is checked with a free call before it is saved, stored encrypted, and never shown again." />
      </CardHeader>
      <CardContent className="grid gap-4">
        {hasOwn && <KeyStatusLine status={status} label="Key" testId="alpha-key-status" plan={(plan) => formatPlanName(undefined, plan)} />}
        {editor.editing && (
          <KeyEntryForm
            editor={editor}
            name="alpha-key"
            label={hasOwn ? "New key" : "Your key"}
            placeholder="Paste the key from your Alpha developer console"
            testId="alpha-key-error"
            hint="Checking costs nothing. A key the Alpha API refuses is not saved."
            canCancel={hasOwn}
          />
        )}
      </CardContent>
      {hasOwn && !editor.editing && (
        <CardFooter className="gap-2">
          <Button variant="outline" onClick={() => editor.setEditing(true)}>
            Replace key
          </Button>
          <Button
            variant="ghost"
            className="text-destructive hover:text-destructive"
            disabled={editor.pending}
            onPointerEnter={preloadDeleteKeyDialog}
            onFocus={preloadDeleteKeyDialog}
            onClick={() => setConfirmingDelete(true)}
          >
            <Trash2Icon aria-hidden />
            Delete key
          </Button>
          <DeleteKeyDialog open={confirmingDelete} onOpenChange={setConfirmingDelete} last4={status.last4} onConfirm={() => void remove()} />
        </CardFooter>
      )}
    </Card>
  );
}
