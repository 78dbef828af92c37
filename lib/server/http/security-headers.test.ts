import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { deskRoutes } from "@/lib/desk/routes";
import { API_CONTENT_SECURITY_POLICY, isTokenPostPath, UNSUBSCRIBE_CONTENT_SECURITY_POLICY } from "@/lib/server/http/security";
import { proxy } from "@/proxy";

describe("proxy.ts", () => {
  it("sets a fresh CSP nonce and the security headers on every response, and hands the nonce to the page", () => {
    const first = proxy(new NextRequest("http://127.0.0.1:3000/usage"));
    const second = proxy(new NextRequest("http://127.0.0.1:3000/usage"));
    const csp = first.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("Content-Security-Policy")).not.toContain(`'nonce-${nonce}'`);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(first.headers.get("X-Frame-Options")).toBe("DENY");
    expect(first.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(first.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("Permissions-Policy")).toContain("camera=()");
    // NextResponse.next() carries the overridden request headers to the page as x-middleware-request-*.
    expect(first.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
  });

  it("answers the desk's API with a fixed policy allowing nothing (no nonce, request passed on as is), the same headers besides", () => {
    for (const path of ["/api/alpha/v1/news?limit=20", "/api/usage", "/api/bench-floor/memory"]) {
      const response = proxy(new NextRequest(`http://127.0.0.1:3000${path}`));
      expect(response.status).toBe(200);
      const csp = response.headers.get("Content-Security-Policy") ?? "";
      expect(csp).toBe(API_CONTENT_SECURITY_POLICY);
      expect(csp).toMatch(/default-src 'none'/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(csp).not.toContain("nonce-");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("X-Frame-Options")).toBe("DENY");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("Permissions-Policy")).toContain("camera=()");
      expect(response.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
      // No overridden request headers: the route sees the request as the browser sent it.
      expect(response.headers.get("x-middleware-override-headers")).toBeNull();
      expect(response.headers.get("x-middleware-request-x-nonce")).toBeNull();
    }
    // An error the proxy answers itself on the API carries the same policy.
    const refused = proxy(new NextRequest("http://127.0.0.1:3000/api/usage", { method: "POST", headers: { origin: "https://evil.example" } }));
    expect(refused.headers.get("Content-Security-Policy")).toBe(API_CONTENT_SECURITY_POLICY);
    // Pages and next-auth's routes keep the policy with a nonce.
    for (const path of ["/", "/earnings", "/api/auth/session", "/apiary"]) {
      const response = proxy(new NextRequest(`http://127.0.0.1:3000${path}`));
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
      expect(nonce, path).toBeTruthy();
      expect(response.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
    }
  });

  it("refuses a cross-site state-changing /api request but leaves next-auth's own routes to next-auth", async () => {
    const refused = proxy(new NextRequest("http://127.0.0.1:3000/api/settings/alpha-key", { method: "PUT", headers: { origin: "https://evil.example" } }));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: "origin_rejected" } });
    expect(refused.headers.get("X-Frame-Options")).toBe("DENY");
    const same = proxy(new NextRequest("http://127.0.0.1:3000/api/settings/alpha-key", { method: "PUT", headers: { origin: "http://127.0.0.1:3000" } }));
    expect(same.status).toBe(200);
    const auth = proxy(new NextRequest("http://127.0.0.1:3000/api/auth/callback/credentials", { method: "POST", headers: { origin: "https://evil.example" } }));
    expect(auth.status).toBe(200);
    const read = proxy(new NextRequest("http://127.0.0.1:3000/api/usage", { headers: { origin: "https://evil.example" } }));
    expect(read.status).toBe(200);
  });

  it("lets a mail provider's server POST the one-click unsubscribe (no Origin, token in the path) and nothing else", async () => {
    const path = `/api/alert-unsubscribe/rule_${"a".repeat(32)}.aep_${"b".repeat(32)}.${"c".repeat(32)}`;
    for (const headers of [{}, { origin: "https://mail.example" }, { "sec-fetch-site": "cross-site" }] as Record<string, string>[]) {
      const response = proxy(new NextRequest(`http://127.0.0.1:3000${path}`, { method: "POST", headers }));
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(response.headers.get("Content-Security-Policy")).toBe(UNSUBSCRIBE_CONTENT_SECURITY_POLICY);
    }
    for (const [method, p] of [["PUT", path], ["DELETE", path], ["POST", `${path}/x`], ["POST", "/api/alert-rules"]] as const) {
      const refused = proxy(new NextRequest(`http://127.0.0.1:3000${p}`, { method, headers: { origin: "https://mail.example" } }));
      expect(refused.status, `${method} ${p}`).toBe(403);
    }
    // The exemption matches exactly the routes that say they are token-authenticated POSTs.
    for (const [id, def] of Object.entries(deskRoutes)) {
      const sample = def.path.replace(/\[\.\.\.[^\]]+\]/g, "a/b").replace(/\[[^\]]+\]/g, "x");
      expect(isTokenPostPath(sample) && def.method === "POST", id).toBe(Boolean((def as { tokenPost?: boolean }).tokenPost));
    }
  });
});
