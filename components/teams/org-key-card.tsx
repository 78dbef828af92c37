"use client";

import { CardHeading } from "@/components/shell/card-heading";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Building2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { KeyEntryForm, KeyStatusLine, useKeyEditor } from "@/components/settings/key-editor";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { deskCall } from "@/lib/desk/client";
import * as api from "@/lib/desk/route-meta/team";
import type { OrgKeyStatus } from "@/lib/desk/teams";
import { deskKey, deskQuery, refreshAfter } from "@/lib/query/desk";

/**
 * The organisation's Alpha key: stored once by an admin (checked with a free call first, kept encrypted), used by every
 * member who has no key of their own. Only its last four characters are ever shown, and only to admins.
 */
export function OrgKeyCard({ initialStatus }: { initialStatus: OrgKeyStatus }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const query = useQuery({ ...deskQuery(api.getOrgKey), initialData: initialStatus });
  const status = query.data;
  const done = (next: OrgKeyStatus, message: string) => {
    queryClient.setQueryData(deskKey("getOrgKey"), next);
    refreshAfter(queryClient, api.putOrgKey);
    toast.success(message);
    router.refresh();
  };
  const editor = useKeyEditor({
    editing: !initialStatus.hasKey,
    empty: "Paste the organisation's Alpha key first.",
    save: async (key) => {
      const next = await deskCall(api.putOrgKey, { body: { key } });
      done(next, `Organisation key saved: •••• ${next.last4 ?? ""}. Members without a key of their own use it now.`);
    },
  });
  const remove = () =>
    editor.run(async () => {
      const next = await deskCall(api.deleteOrgKey);
      done(next, "Organisation key deleted. Members without a key of their own can no longer load Alpha data.");
    }, "The key could not be deleted. Try again.");

  return (
    <Card data-testid="org-key-card">
      <CardHeader>
        <CardHeading icon={Building2Icon} iconClassName="text-primary" title="Organisation key" description={<>The firm&apos;s Alpha key. Members use it without ever seeing it; a member who stores a key of their own uses theirs instead. Checking it costs nothing.</>} />
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.hasKey && <KeyStatusLine status={status} label="Organisation key" testId="org-key-status" savedBy={status.savedBy} />}
        {editor.editing ? (
          <KeyEntryForm
            editor={editor}
            name="org-key"
            label={status.hasKey ? "New organisation key" : "Organisation key"}
            placeholder="Paste the firm's key from the Alpha developer console"
            testId="org-key-error"
            canCancel={status.hasKey}
          />
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => editor.setEditing(true)}>
              Replace key
            </Button>
            <Button variant="outline" disabled={editor.pending} onClick={() => void remove()}>
              Delete organisation key
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
