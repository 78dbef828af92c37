"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ErrorState } from "@/components/shell/error-state";

/** A settings list read by one query: its error with a retry, a line while it loads or when it is empty, else its rows. */
export function QueryList<T>({ query, label, loading, empty, children }: { query: UseQueryResult<T[]>; label: string; loading: string; empty: string; children: (item: T) => ReactNode }) {
  const items = query.data ?? [];
  return (
    <>
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {query.isPending ? (
        <p className="text-sm text-muted-foreground">{loading}</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid gap-2 text-sm" aria-label={label}>
          {items.map(children)}
        </ul>
      )}
    </>
  );
}
