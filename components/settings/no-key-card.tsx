import { ArrowRightIcon, KeyRoundIcon } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";

function AddKeyLink({ size }: { size?: "sm" }) {
  return (
    <Button asChild size={size}>
      <Link href="/settings#alpha-key">
        Add your key in Settings
        <ArrowRightIcon aria-hidden />
      </Link>
    </Button>
  );
}

/** The guided first step when the user has no Alpha key yet: shown in place of data on every desk page. */
export function NoKeyCard({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <Card data-testid="no-key-card" className={cn("border-primary/30 bg-primary/5", className)}>
      <CardHeader>
        <div className="flex items-center gap-3">
          <span aria-hidden className="grid size-9 shrink-0 place-items-center rounded-full bg-primary/15 text-primary">
            <KeyRoundIcon className="size-4" />
          </span>
          <div className="grid gap-1">
            <CardTitle>First step: add your Alpha API key</CardTitle>
            <CardDescription>
              The desk reads earnings, alerts, news and concalls with your own key, and shows every credit it spends.
            </CardDescription>
          </div>
        </div>
      </CardHeader>
      {!compact && (
        <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
            <li>Copy your key from the Alpha developer console.</li>
            <li>Paste it in Settings: the desk checks it with a free call and keeps it encrypted.</li>
            <li>Come back here: your data and the credit gauge appear.</li>
          </ol>
          <AddKeyLink />
        </CardContent>
      )}
      {compact && (
        <CardContent>
          <AddKeyLink size="sm" />
        </CardContent>
      )}
    </Card>
  );
}
