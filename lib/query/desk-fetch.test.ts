import { afterEach, describe, expect, it, vi } from "vitest";
import { AlphaError } from "@/lib/alpha/alpha-error";
import { errorBodySchema } from "@/lib/alpha/errors";
import { deskFetch, readErrorBody } from "./desk-fetch";

afterEach(() => vi.unstubAllGlobals());

describe("readErrorBody, the hand check of a desk error body", () => {
  const bodies: unknown[] = [
    { error: { code: "not_found", message: "No such watchlist" } },
    { error: { code: "invalid_body", message: "Invalid body", details: { fields: { name: ["is required"] } } }, extra: 1 },
    { error: { code: "x", message: "y", more: true } },
    { error: { code: 7, message: "y" } },
    { error: { code: "x" } },
    { error: { code: "x", message: "y", details: "no" } },
    { error: { code: "x", message: "y", details: ["no"] } },
    { error: "boom" },
    { error: null },
    { detail: "Not Found" },
    [],
    null,
    undefined,
    "text",
  ];

  it("accepts exactly what the contract's errorBodySchema accepts, and reads the same code, message and details", () => {
    for (const body of bodies) {
      const parsed = errorBodySchema.safeParse(body);
      const read = readErrorBody(body);
      expect(read !== null, JSON.stringify(body)).toBe(parsed.success);
      if (parsed.success) {
        const { code, message, details } = parsed.data.error;
        expect(read).toEqual(details === undefined ? { code, message } : { code, message, details });
      }
    }
  });

  it("turns a desk error answer into an AlphaError with its code, and any other failure into a generic one", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ error: { code: "rate_limit_exceeded", message: "Slow down" } }), { status: 429, headers: { "Retry-After": "7" } })));
    const error = await deskFetch("/api/usage").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AlphaError);
    expect(error).toMatchObject({ code: "rate_limit_exceeded", message: "Slow down", status: 429, retryAfter: 7 });

    vi.stubGlobal("fetch", vi.fn(async () => new Response("<html>bad gateway</html>", { status: 502 })));
    await expect(deskFetch("/api/usage")).rejects.toMatchObject({ code: "internal_error", status: 502 });
  });
});
