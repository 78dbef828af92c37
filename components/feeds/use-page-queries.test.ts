import { QueryClient, type QueryKey, type QueryObserverOptions } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { pageStore } from "./use-page-queries";

type Options = QueryObserverOptions<string, Error, string, string, QueryKey>;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe("the feed's page observers", () => {
  it("fetch a page when subscribed, keep the snapshot while nothing changed, and keep bought pages in the cache", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0 } } });
    const calls: number[] = [];
    const pages = [1, 2].map((n) => ({ n, gate: deferred<string>() }));
    const options: Options[] = pages.map(({ n, gate }) => ({
      queryKey: ["feed", n],
      queryFn: () => {
        calls.push(n);
        return gate.promise;
      },
      staleTime: Infinity,
    }));
    const store = pageStore<string>(client, options);
    const before = store.snapshot();
    expect(before.map((r) => r.status)).toEqual(["pending", "pending"]);
    expect(store.snapshot()).toBe(before);
    expect(calls).toEqual([]);

    let changes = 0;
    const off = store.subscribe(() => (changes += 1));
    expect(calls).toEqual([1, 2]);
    pages[0]!.gate.resolve("first");
    pages[1]!.gate.resolve("second");
    await Promise.all(pages.map((p) => p.gate.promise));
    await new Promise((r) => setTimeout(r, 0));
    const after = store.snapshot();
    expect(after).not.toBe(before);
    expect(after.map((r) => r.data)).toEqual(["first", "second"]);
    expect(after.every((r) => !r.isFetching)).toBe(true);
    expect(changes).toBeGreaterThan(0);
    expect(store.snapshot()).toBe(after);

    // A second list over the same keys reads the cached pages without fetching again.
    const cached: Options[] = [{ queryKey: ["feed", 1], queryFn: () => Promise.reject(new Error("fetched again")), staleTime: Infinity }];
    const again = pageStore<string>(client, cached);
    const offAgain = again.subscribe(() => undefined);
    expect(again.snapshot()[0]!.data).toBe("first");
    expect(calls).toEqual([1, 2]);
    off();
    offAgain();
  });

  it("reports a failed page with its error and refetches it on retry", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let attempt = 0;
    const options: Options[] = [
      {
        queryKey: ["feed", "failing"],
        queryFn: async () => {
          attempt += 1;
          if (attempt === 1) throw new Error("upstream down");
          return "ok";
        },
      },
    ];
    const store = pageStore<string>(client, options);
    const off = store.subscribe(() => undefined);
    await new Promise((r) => setTimeout(r, 10));
    const failed = store.snapshot()[0]!;
    expect(failed.error?.message).toBe("upstream down");
    await failed.refetch();
    expect(store.snapshot()[0]!.data).toBe("ok");
    expect(store.snapshot()[0]!.error).toBeNull();
    off();
  });
});
