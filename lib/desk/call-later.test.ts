import { afterEach, describe, expect, it, vi } from "vitest";
import { AlphaError } from "@/lib/alpha/alpha-error";
import { deskCallLater } from "./call-later";

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("deskCallLater (deskCall with the client imported on the first call)", () => {
  it("asks the route's URL and parses the answer with the route's schema, as deskCall does", async () => {
    const fetchMock = answer(200, { data: [] });
    await expect(deskCallLater("listUsers")).resolves.toEqual([]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/admin/users");
    answer(200, { data: [{ id: 7 }] });
    await expect(deskCallLater("listUsers")).rejects.toThrow();
  });

  it("passes the desk's errors on as AlphaErrors", async () => {
    answer(429, { error: { code: "rate_limit_exceeded", message: "Slow down." } });
    const error = await deskCallLater("getUsage").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AlphaError);
    expect(error).toMatchObject({ code: "rate_limit_exceeded", status: 429 });
  });
});
