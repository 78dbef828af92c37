"use client";

import { lazy, Suspense, useEffect, useState } from "react";
import type { ToasterProps } from "sonner";
import { loadSonner, onFirstToast } from "./toast";

const RealToaster = lazy(() => Promise.all([import("./sonner-toaster"), loadSonner()]).then(([m]) => ({ default: m.Toaster })));

/**
 * The app's Toaster, mounted on the page's first toast (`toast` from ./toast) rather than loaded with every page:
 * until then there is nothing to show. Same props as sonner's.
 */
export function Toaster(props: ToasterProps) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onFirstToast(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <RealToaster {...props} />
    </Suspense>
  );
}
