import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";

const get = (path: string, headers: Record<string, string> = {}) => new NextRequest(new URL(path, "http://127.0.0.1:3000"), { headers });

describe("proxy.ts request guards", () => {
  it("a malformed Next-Router-State-Tree header is a 400 with a clear body, not a 500", async () => {
    for (const value of ["%7B%22nope", "not json at all", encodeURIComponent(JSON.stringify({ a: 1 })), encodeURIComponent("[1,2,3]")]) {
      const response = proxy(get("/no/such/page", { rsc: "1", "next-router-state-tree": value }));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: { code: "invalid_header", message: "The Next-Router-State-Tree header is malformed" } });
    }
    const valid = encodeURIComponent(JSON.stringify(["", { children: ["__PAGE__", {}] }]));
    expect(proxy(get("/no/such/page", { rsc: "1", "next-router-state-tree": valid })).status).toBe(200);
  });

  it("a page URL that carries a secret is redirected without it, never rendered", () => {
    const signIn = proxy(get("/sign-in?email=a%40b.test&password=hunter2hunter2&callbackUrl=%2Fnews"));
    expect(signIn.status).toBe(303);
    const location = signIn.headers.get("location") ?? "";
    expect(location).not.toContain("hunter2");
    expect(new URL(location).pathname).toBe("/sign-in");
    expect(new URL(location).searchParams.get("callbackUrl")).toBe("/news");
    const settings = proxy(get("/settings?alpha-key=ak_live_SECRET0000"));
    expect(settings.status).toBe(303);
    expect(settings.headers.get("location")).not.toContain("ak_live");
    expect(proxy(get("/news?q=password")).status).toBe(200);
  });
});

describe("a method a desk route does not serve", () => {
  it("is a 405 in the error shape with Allow naming the methods it does", async () => {
    const invites = await import("@/app/api/team/invites/route");
    const response = await invites.PUT(new Request("http://127.0.0.1:3000/api/team/invites", { method: "PUT" }));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, POST, HEAD");
    expect(await response.json()).toEqual({ error: { code: "method_not_allowed", message: "PUT is not served here; this path answers GET, POST, HEAD" } });
    const one = await import("@/app/api/team/invites/[id]/route");
    const patch = await one.PATCH(new Request("http://127.0.0.1:3000/api/team/invites/inv_1", { method: "PATCH" }));
    expect(patch.status).toBe(405);
    expect(patch.headers.get("Allow")).toBe("DELETE");
  });
});
