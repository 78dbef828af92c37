import { describe, expect, it, vi } from "vitest";
import { importOnce } from "./import-once";

describe("importOnce", () => {
  it("imports once and hands every caller the same module", async () => {
    const load = vi.fn(async () => ({ value: 1 }));
    const get = importOnce(load);
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("tries again after a failed import, and keeps the module once it loads", async () => {
    const load = vi.fn<() => Promise<{ value: number }>>().mockRejectedValueOnce(new Error("chunk failed")).mockResolvedValue({ value: 2 });
    const get = importOnce(load);
    await expect(get()).rejects.toThrow("chunk failed");
    expect((await get()).value).toBe(2);
    await get();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
