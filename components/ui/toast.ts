"use client";

import type * as SonnerModule from "sonner";
import type { ExternalToast } from "sonner";
import { importOnce } from "@/lib/import-once";

/*
 * sonner's `toast`, with sonner itself (~9 kB gzip) fetched on the first toast instead of with every page. A toast
 * fired before the module arrives is shown once it has (sonner replays what it holds to the <Toaster> when that
 * mounts); `Toaster` in ./sonner mounts the real one on the first call.
 */

type Kind = "message" | "success" | "info" | "warning" | "error";
type Sonner = typeof SonnerModule;

const wanted = new Set<() => void>();
let requested = false;

/** Fetches sonner (once; again after a failed fetch); the lazy Toaster calls it too, to mount the real Toaster. */
export const loadSonner: () => Promise<Sonner> = importOnce(() => import("sonner"));

/** Calls `listener` on the first toast of the page (at once when one was already fired); returns the unsubscribe. */
export function onFirstToast(listener: () => void): () => void {
  if (requested) {
    listener();
    return () => undefined;
  }
  wanted.add(listener);
  return () => wanted.delete(listener);
}

function show(kind: Kind, message: string, data?: ExternalToast): void {
  if (!requested) {
    requested = true;
    for (const listener of wanted) listener();
    wanted.clear();
  }
  void loadSonner().then(
    (m) => void m.toast[kind](message, data),
    // A failed chunk load (offline, a new deploy) must not throw from the caller's success path.
    () => undefined,
  );
}

export const toast = {
  message: (message: string, data?: ExternalToast) => show("message", message, data),
  success: (message: string, data?: ExternalToast) => show("success", message, data),
  info: (message: string, data?: ExternalToast) => show("info", message, data),
  warning: (message: string, data?: ExternalToast) => show("warning", message, data),
  error: (message: string, data?: ExternalToast) => show("error", message, data),
};
