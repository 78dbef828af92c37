"use client";

import { AlertTriangleIcon, InfoIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";

export interface LineError {
  /** 1-based line in the file; 0 for the file as a whole. */
  line: number;
  message: string;
}

/** Every problem of a file, by line, and the promise that nothing was done with it (CSV import, JSONL upload). */
export function LineErrors({
  errors,
  what,
  testId,
  title,
  hint,
  skipped = false,
  children,
}: {
  errors: LineError[];
  what: string;
  testId: string;
  title?: string;
  hint?: string;
  /** The user chose to leave these lines out: no longer a problem that stops anything, so not shown as one. */
  skipped?: boolean;
  children?: ReactNode;
}) {
  const edge = skipped ? "border-border" : "border-destructive/30";
  const row = skipped ? "border-border" : "border-destructive/20";
  return (
    <Alert variant={skipped ? "default" : "destructive"} data-testid={testId} data-tone={skipped ? "skipped" : "problem"}>
      {skipped ? <InfoIcon aria-hidden /> : <AlertTriangleIcon aria-hidden />}
      <AlertTitle className="line-clamp-none">{title ?? `${errors.length} ${errors.length === 1 ? "problem" : "problems"}: nothing ${what}`}</AlertTitle>
      <AlertDescription>
        <p>{hint ?? "Fix these lines in the file and choose it again."}</p>
        <ul className={`mt-2 max-h-48 w-full overflow-y-auto rounded-md border text-foreground ${edge}`}>
          {errors.map((e, i) => (
            <li key={`${e.line}-${i}`} className={`flex gap-3 border-b px-3 py-1.5 text-xs last:border-0 ${row}`}>
              <span className="w-18 shrink-0 font-mono font-medium tabular-nums">{e.line > 0 ? `Line ${e.line}` : "File"}</span>
              <span className="min-w-0 break-words">{e.message}</span>
            </li>
          ))}
        </ul>
        {children}
      </AlertDescription>
    </Alert>
  );
}

