"use client";

import type { ReactNode } from "react";
import { useKeptTheme } from "@/components/ui/use-theme";

/**
 * The signed-out pages' providers: the kept theme only. Not the desk's data layer (lib/query/provider.tsx), which none
 * of these pages uses and which would weigh on the first page a new user loads.
 */
export function AuthProviders({ children }: { children: ReactNode }) {
  useKeptTheme();
  return children;
}
