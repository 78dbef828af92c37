import { describe, expect, it } from "vitest";

describe("toast", () => {
  it("loads sonner on the first toast, tells the lazy Toaster to mount, and sonner holds the toast for it", async () => {
    const { onFirstToast, toast, loadSonner } = await import("./toast");
    let mounts = 0;
    const stop = onFirstToast(() => mounts++);
    expect(mounts).toBe(0);
    toast.success("Saved");
    toast.error("Not saved");
    expect(mounts).toBe(1);
    const sonner = await loadSonner();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // What a Toaster mounting now would be handed (sonner replays its active toasts to a new subscriber).
    const held = sonner.toast.getToasts().map((t) => ("title" in t ? [t.type, t.title] : null));
    expect(held).toEqual(expect.arrayContaining([["success", "Saved"], ["error", "Not saved"]]));
    // A Toaster that mounts after the first toast is told at once.
    let late = 0;
    onFirstToast(() => late++);
    expect(late).toBe(1);
    stop();
  });
});
