"use client";

import { type ComponentProps, lazy, Suspense, useState } from "react";
import type { ImportCsvDialog as ImportCsvDialogType } from "./import-csv-dialog";

const loadImportCsv = () => import("./import-csv-dialog");
const ImportCsvDialog = lazy(() => loadImportCsv().then((m) => ({ default: m.ImportCsvDialog })));

/** Fetches the import dialog (its CSV reader, papaparse and Radix Dialog): on pointer or focus on a button that opens it. */
export function preloadImportCsv(): void {
  void loadImportCsv().catch(() => undefined);
}

/**
 * The CSV import dialog, fetched when a pointer or focus comes to an Import button and mounted from its first opening
 * on (kept mounted after, so it closes as any dialog does), not loaded with the watchlists page.
 */
export function ImportCsvDialogLazy(props: ComponentProps<typeof ImportCsvDialogType>) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ImportCsvDialog {...props} />
    </Suspense>
  );
}
