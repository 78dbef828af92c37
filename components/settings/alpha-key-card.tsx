"use client";

import { useQueryClient } from "@tanstack/react-query";
import { AlertTriangleIcon, CheckCircle2Icon, KeyRoundIcon, Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { toast } from "@/components/ui/toast";
import { useHydrated } from "@/components/auth/use-hydrated";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { formatIstDateTime } from "@/lib/format/time";
import { deskCall } from "@/lib/desk/client";
import { queryKeys } from "@/lib/query/keys";
import type { AlphaKeyStatusView as AlphaKeyStatus } from "@/lib/desk/users";
import { formatPlanName } from "@/lib/format/plan";
import { DeleteKeyDialog, preloadDeleteKeyDialog } from "./delete-key-dialog-lazy";

/**
 * Paste, check and store the Alpha key. The input is a password field, cleared after every attempt; the desk
 * only ever shows the last four characters back.
 */
export function AlphaKeyCard({ initialStatus }: { initialStatus: AlphaKeyStatus }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [status, setStatus] = useState(initialStatus);
  // The organisation's key may be the one in use; this card is about the user's own key only.
  const ownKey = (s: AlphaKeyStatus) => s.hasKey && s.source !== "organisation";
  const hasOwn = ownKey(status);
  const [editing, setEditing] = useState(!ownKey(initialStatus));
  const [key, setKey] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const hydrated = useHydrated();

  const refreshDesk = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.usage.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.alpha.all });
    router.refresh();
  };

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!key.trim()) {
      setError("Paste your Alpha API key first.");
      return;
    }
    setPending(true);
    setError(null);
    try {
      const next = await deskCall("putAlphaKey", { body: { key: key.trim() } });
      setStatus(next);
      setEditing(false);
      toast.success(`Key saved: •••• ${next.last4 ?? ""}`);
      refreshDesk();
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
      const next = await deskCall("deleteAlphaKey");
      setStatus(next);
      setEditing(true);
      setError(null);
      toast.success(next.hasKey ? "Key deleted. Your requests now use the organisation's key." : "Key deleted. The desk will not call the Alpha API for you until you add one.");
      refreshDesk();
    } catch (e) {
      toast.error(isAlphaError(e) ? e.message : "The key could not be deleted. Try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <Card id="alpha-key" className="scroll-mt-20" data-testid="alpha-key-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRoundIcon aria-hidden className="size-4 text-primary" />
          Alpha API key
        </CardTitle>
        <CardDescription>
          The desk calls the Alpha API with your key. It is checked with a free call before it is saved, stored encrypted, and never shown again.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {hasOwn && (
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-lg border bg-muted/40 px-4 py-3 text-sm" data-testid="alpha-key-status">
            <span className="flex items-center gap-2">
              <CheckCircle2Icon aria-hidden className="size-4 text-positive" />
              <span className="font-mono text-base tracking-wider" aria-label={`Key ending in ${status.last4 ?? ""}`}>
                •••• {status.last4}
              </span>
            </span>
            {status.account && (
              <span className="text-muted-foreground">
                Account <span className="font-medium text-foreground">{status.account.name ?? status.account.account_id}</span>
                {status.account.plan && (
                  <Badge variant="secondary" className="ml-2">
                    {formatPlanName(undefined, status.account.plan)}
                  </Badge>
                )}
              </span>
            )}
            {status.savedAt && <span className="text-muted-foreground">Saved {formatIstDateTime(status.savedAt)}</span>}
          </div>
        )}
        {editing && (
          // POST, and no submit before hydration: the key never reaches a URL, whatever the timing.
          <form method="post" onSubmit={save} className="grid gap-3" noValidate>
            {error && (
              <Alert variant="destructive" data-testid="alpha-key-error">
                <AlertTriangleIcon aria-hidden />
                <AlertTitle>The key was not saved</AlertTitle>
                <AlertDescription>{error}</AlertDescription>
              </Alert>
            )}
            <div className="grid gap-2">
              <Label htmlFor={inputId}>{hasOwn ? "New key" : "Your key"}</Label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  id={inputId}
                  name="alpha-key"
                  type="password"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="Paste the key from your Alpha developer console"
                  value={key}
                  onChange={(e) => setKey(e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${inputId}-hint`}
                  className="font-mono"
                />
                <div className="flex gap-2">
                  <Button type="submit" disabled={pending || !hydrated}>
                    {pending ? "Checking…" : "Check and save"}
                  </Button>
                  {hasOwn && (
                    <Button
                      type="button"
                      variant="ghost"
                      onClick={() => {
                        setEditing(false);
                        setError(null);
                        setKey("");
                      }}
                    >
                      Cancel
                    </Button>
                  )}
                </div>
              </div>
              <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
                Checking costs nothing. A key the Alpha API refuses is not saved.
              </p>
            </div>
          </form>
        )}
      </CardContent>
      {hasOwn && !editing && (
        <CardFooter className="gap-2">
          <Button variant="outline" onClick={() => setEditing(true)}>
            Replace key
          </Button>
          <Button
            variant="ghost"
            className="text-destructive hover:text-destructive"
            disabled={pending}
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
