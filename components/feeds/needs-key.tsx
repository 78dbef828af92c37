import { KeyRoundIcon } from "lucide-react";
import Link from "next/link";

/** No key yet: the shell shows the first step above; the feed just says what it waits for. */
export function NeedsKey() {
  return (
    <p data-testid="needs-key" className="flex items-center gap-2 rounded-lg border border-dashed px-4 py-3 text-sm text-muted-foreground">
      <KeyRoundIcon aria-hidden className="size-4 shrink-0" />
      <span>
        The feed needs your Alpha key.{" "}
        <Link className="font-medium text-primary underline underline-offset-4 hover:decoration-2" href="/settings#alpha-key">
          Add it in Settings
        </Link>
        .
      </span>
    </p>
  );
}
