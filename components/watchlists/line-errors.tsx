"use client";

import type { ReactNode } from "react";
import { ErrorAlert } from "@/components/ui/alert";

export interface LineError {
  /** 1-based line in the file; 0 for the file as a whole. */
  line: number;
  message: string;
}

/** Every problem of a file, by line, and the promise that nothing was done with it (CSV import, JSONL upload). */
export function LineErrors({ errors, what, testId, title, hint, children }: { errors: LineError[]; what: string; testId: string; title?: string; hint?: string; children?: ReactNode }) {
  return (
    <ErrorAlert data-testid={testId} title={<>{title ?? `${errors.length} ${errors.length === 1 ? "problem" : "problems"}: nothing ${what}`}</>}>
      <p>{hint ?? "Fix these lines in the file and choose it again."}</p>
      <ul className="mt-2 max-h-48 w-full overflow-y-auto rounded-md border border-destructive/30 text-foreground">
        {errors.map((e, i) => (
          <li key={`${e.line}-${i}`} className="flex gap-3 border-b border-destructive/20 px-3 py-1.5 text-xs last:border-0">
            <span className="w-18 shrink-0 font-mono font-medium tabular-nums">{e.line > 0 ? `Line ${e.line}` : "File"}</span>
            <span className="min-w-0 break-words">{e.message}</span>
          </li>
        ))}
      </ul>
      {children}
    </ErrorAlert>
  );
}

