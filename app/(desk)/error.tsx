"use client";

import { lazy, Suspense } from "react";

// The error state and its explanations are fetched when a page fails, not with every page. Should that fetch fail
// too (the connection is gone), a plain message with the same retry stands in.
const ErrorState = lazy(() =>
  import("@/components/shell/error-state").then(
    (m) => ({ default: m.ErrorState }),
    () => ({ default: PlainError }),
  ),
);

function PlainError({ onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div role="alert" data-testid="error-state" data-error-code="unknown" className="rounded-lg border border-destructive/40 px-4 py-3 text-sm text-destructive">
      <p className="font-medium">Something went wrong</p>
      <p>The page could not load this. Try again; if it keeps failing, reload the page.</p>
      {onRetry && (
        <button type="button" className="mt-2 underline underline-offset-4" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** A page of the desk that failed to render: the shell and the gauge stay, the page says what happened. */
export default function DeskError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <Suspense fallback={null}>
      <ErrorState error={error} onRetry={reset} />
    </Suspense>
  );
}
