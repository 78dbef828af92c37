/**
 * A module fetched on first use and shared by every later use: the browser's on-demand parts (the contracts' schemas,
 * the live feed's event schemas, sonner). A failed import (offline, a deploy that replaced the chunk) is not kept: the
 * next use tries again.
 */
export function importOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}
