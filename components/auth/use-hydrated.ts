"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server HTML and until React has hydrated this tree, true after. Forms that take a secret keep their
 * submit button disabled until then: a submit before hydration would be the browser's own, outside our handler.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
