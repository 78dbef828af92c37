import { KeyRoundIcon } from "lucide-react";
import Link from "next/link";

/** No key yet: what the section would show and the one step that unlocks it (no upstream call is made). */
export function NeedsKeyNote({ what }: { what: string }) {
  return (
    <p data-testid="needs-key" className="flex items-center gap-2 rounded-lg border border-dashed px-4 py-3 text-sm text-muted-foreground">
      <KeyRoundIcon aria-hidden className="size-4 shrink-0" />
      <span>
        {what} needs your Alpha key.{" "}
        <Link className="font-medium text-primary underline underline-offset-4" href="/settings#alpha-key">
          Add it in Settings
        </Link>
        .
      </span>
    </p>
  );
}
