import { afterEach, describe, expect, it, vi } from "vitest";
import { AlphaError } from "@/lib/alpha/alpha-error";
import { deskRouteMeta } from "./route-meta";
import { SHELL_ROUTE_META, shellDeskCall } from "./shell-call";

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("shellDeskCall (deskCall for the shell's routes, without the whole route table)", () => {
  it("holds each of its routes as lib/desk/route-meta.ts has it", () => {
    for (const [id, meta] of Object.entries(SHELL_ROUTE_META)) expect(meta, id).toEqual(deskRouteMeta[id as keyof typeof deskRouteMeta]);
  });

  it("asks the route's URL with its query and parses the answer with the route's schema", async () => {
    const fetchMock = answer(200, { data: { range: "oops" } });
    await expect(shellDeskCall("getSpend", { query: { range: "7d", scope: "me" } })).rejects.toThrow();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/usage/spend?range=7d&scope=me");
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("GET");
  });

  it("passes the desk's errors on as AlphaErrors", async () => {
    answer(429, { error: { code: "rate_limit_exceeded", message: "Slow down." } });
    const error = await shellDeskCall("getUsage").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AlphaError);
    expect(error).toMatchObject({ code: "rate_limit_exceeded", status: 429 });
  });
});
