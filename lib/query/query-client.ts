import { isServer, QueryClient } from "@tanstack/react-query";
import { AlphaError } from "@/lib/alpha/alpha-error";

/** One factory for every QueryClient: a new one per server request, one for the life of the browser tab. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Prefetched data is fresh on arrival; without this the browser refetches at once after hydration.
        staleTime: 30_000,
        // A refetch of a paid query can spend credits, so nothing refetches just because a tab regained focus.
        refetchOnWindowFocus: false,
        // Errors the desk answered (4xx, 5xx with a code) will not change on retry; a dropped connection may.
        retry: (failureCount, error) => failureCount < 1 && !(error instanceof AlphaError),
      },
      mutations: { retry: false },
      dehydrate: {
        shouldDehydrateQuery: (query) => query.state.status === "success" || query.state.status === "pending",
      },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}
