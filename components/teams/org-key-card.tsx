"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertTriangleIcon, Building2Icon, CheckCircle2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { toast } from "@/components/ui/toast";
import { useHydrated } from "@/components/auth/use-hydrated";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { deskCall } from "@/lib/desk/client";
import type { OrgKeyStatus } from "@/lib/desk/teams";
import { formatIstDateTime } from "@/lib/format/time";
import { queryKeys } from "@/lib/query/keys";
import { orgKeyQueryOptions } from "@/lib/query/teams";

/**
 * The organisation's Alpha key: stored once by an admin (checked with a free call first, kept encrypted), used by every
 * member who has no key of their own. Only its last four characters are ever shown, and only to admins.
 */
export function OrgKeyCard({ initialStatus }: { initialStatus: OrgKeyStatus }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const hydrated = useHydrated();
  const inputId = useId();
  const query = useQuery({ ...orgKeyQueryOptions(), initialData: initialStatus });
  const status = query.data;
  const [editing, setEditing] = useState(!initialStatus.hasKey);
  const [key, setKey] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const done = (next: OrgKeyStatus, message: string) => {
    queryClient.setQueryData(queryKeys.team.orgKey(), next);
    void queryClient.invalidateQueries({ queryKey: queryKeys.team.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.alpha.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.usage.all });
    toast.success(message);
    router.refresh();
  };

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!key.trim()) {
      setError("Paste the organisation's Alpha key first.");
      return;
    }
    setPending(true);
    setError(null);
    try {
      const next = await deskCall("putOrgKey", { body: { key: key.trim() } });
      setEditing(false);
      done(next, `Organisation key saved: •••• ${next.last4 ?? ""}. Members without a key of their own use it now.`);
    } catch (e) {
      setError(isAlphaError(e) ? e.message : "The key could not be saved. Try again.");
    } finally {
      setKey("");
      setPending(false);
    }
  }

  async function remove() {
    setPending(true);
    try {
      const next = await deskCall("deleteOrgKey");
      setEditing(true);
      done(next, "Organisation key deleted. Members without a key of their own can no longer load Alpha data.");
    } catch (e) {
      toast.error(isAlphaError(e) ? e.message : "The key could not be deleted. Try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <Card data-testid="org-key-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Building2Icon aria-hidden className="size-4 text-primary" />
          Organisation key
        </CardTitle>
        <CardDescription>
          The firm&apos;s Alpha key. Members use it without ever seeing it; a member who stores a key of their own uses theirs instead. Checking it costs
          nothing.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.hasKey && (
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-lg border bg-muted/40 px-4 py-3 text-sm" data-testid="org-key-status">
            <span className="flex items-center gap-2">
              <CheckCircle2Icon aria-hidden className="size-4 text-positive" />
              <span className="font-mono text-base tracking-wider" aria-label={`Organisation key ending in ${status.last4 ?? ""}`}>
                •••• {status.last4}
              </span>
            </span>
            {status.account && (
              <span className="text-muted-foreground">
                Account <span className="font-medium text-foreground">{status.account.name ?? status.account.account_id}</span>
                {status.account.plan && (
                  <Badge variant="secondary" className="ml-2">
                    {status.account.plan}
                  </Badge>
                )}
              </span>
            )}
            {status.savedAt && (
              <span className="text-muted-foreground">
                Saved {formatIstDateTime(status.savedAt)}
                {status.savedBy ? ` by ${status.savedBy}` : ""}
              </span>
            )}
          </div>
        )}
        {editing ? (
          <form method="post" onSubmit={save} className="grid gap-3" noValidate>
            {error && (
              <Alert variant="destructive" data-testid="org-key-error">
                <AlertTriangleIcon aria-hidden />
                <AlertTitle>The key was not saved</AlertTitle>
                <AlertDescription>{error}</AlertDescription>
              </Alert>
            )}
            <Label htmlFor={inputId}>{status.hasKey ? "New organisation key" : "Organisation key"}</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id={inputId}
                name="org-key"
                type="password"
                autoComplete="off"
                spellCheck={false}
                placeholder="Paste the firm's key from the Alpha developer console"
                value={key}
                onChange={(e) => setKey(e.target.value)}
                aria-invalid={error ? true : undefined}
                className="font-mono"
              />
              <div className="flex gap-2">
                <Button type="submit" disabled={pending || !hydrated}>
                  {pending ? "Checking…" : "Check and save"}
                </Button>
                {status.hasKey && (
                  <Button type="button" variant="ghost" onClick={() => setEditing(false)}>
                    Cancel
                  </Button>
                )}
              </div>
            </div>
          </form>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setEditing(true)}>
              Replace key
            </Button>
            <Button variant="outline" disabled={pending} onClick={() => void remove()}>
              Delete organisation key
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
