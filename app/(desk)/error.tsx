"use client";

import { ErrorState } from "@/components/shell/error-state";

/** A page of the desk that failed to render: the shell and the gauge stay, the page says what happened. */
export default function DeskError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorState error={error} onRetry={reset} />;
}
