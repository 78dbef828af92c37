"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/sonner";
import { TooltipProvider } from "@/components/ui/tooltip";
import { useKeptTheme } from "@/components/ui/use-theme";
import { getQueryClient } from "@/lib/query/query-client";
import { useWarmContracts } from "@/lib/query/warm-contracts";

/**
 * The browser's data layer for every page: one QueryClient, tooltips and toasts; the contracts' schemas are fetched
 * on the user's first interaction with the page (lib/query/warm-contracts.ts). URL state (lib/url-state) needs no
 * provider: it reads Next's useSearchParams.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  useKeptTheme();
  useWarmContracts();
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        {children}
        <Toaster position="bottom-right" closeButton />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
