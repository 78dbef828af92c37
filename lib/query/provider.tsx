"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/sonner";
import { TooltipProvider } from "@/components/ui/tooltip";
import { useStoredTheme } from "@/components/ui/use-theme";
import { getQueryClient } from "@/lib/query/query-client";
import { useWarmContracts } from "@/lib/query/warm-contracts";

/**
 * The browser's data layer for every page: one QueryClient, URL state (nuqs), tooltips and toasts; the contracts'
 * schemas are fetched once the page is idle.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  useStoredTheme();
  useWarmContracts();
  return (
    <QueryClientProvider client={queryClient}>
      <NuqsAdapter>
        <TooltipProvider>
          {children}
          <Toaster position="bottom-right" closeButton />
        </TooltipProvider>
      </NuqsAdapter>
    </QueryClientProvider>
  );
}
