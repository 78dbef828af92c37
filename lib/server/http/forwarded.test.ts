import { describe, expect, it } from "vitest";
import { clientAddress, type ForwardedTrust, isSameOriginRequest } from "./security";

const PEER = "x-alpha-desk-peer-0123456789abcdef";
const reader = (headers: Record<string, string>) => (name: string) => headers[name] ?? null;

describe("forwarded headers are believed only when configured", () => {
  const none: ForwardedTrust = { hops: 0, peerHeader: PEER };

  it("with no trusted proxy, the socket's peer is the client, whatever X-Forwarded-For says", () => {
    const seen = new Set<string | null>();
    for (let i = 0; i < 40; i++) {
      seen.add(clientAddress(reader({ [PEER]: "203.0.113.9", "x-forwarded-for": `198.51.100.${i}`, "x-real-ip": `10.0.0.${i}` }), none));
    }
    expect([...seen]).toEqual(["203.0.113.9"]);
    // A client cannot stamp the peer header itself: its name is random per process, and unknown without npm start.
    expect(clientAddress(reader({ "x-alpha-desk-peer": "1.1.1.1", "x-forwarded-for": "1.1.1.1" }), { hops: 0, peerHeader: null })).toBeNull();
  });

  it("behind N trusted proxies, the entry the outermost trusted one wrote; entries a client prepends change nothing", () => {
    const one: ForwardedTrust = { hops: 1, peerHeader: PEER };
    // proxy (10.0.0.2) appended the client it saw (203.0.113.9) after whatever the client claimed.
    expect(clientAddress(reader({ [PEER]: "10.0.0.2", "x-forwarded-for": "203.0.113.9" }), one)).toBe("203.0.113.9");
    expect(clientAddress(reader({ [PEER]: "10.0.0.2", "x-forwarded-for": "6.6.6.6, 7.7.7.7, 203.0.113.9" }), one)).toBe("203.0.113.9");
    const two: ForwardedTrust = { hops: 2, peerHeader: PEER };
    expect(clientAddress(reader({ [PEER]: "10.0.0.2", "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.0.0.3" }), two)).toBe("203.0.113.9");
    // Without the stamped peer (a bare next start), the last entry is the nearest proxy's view.
    expect(clientAddress(reader({ "x-forwarded-for": "6.6.6.6, 203.0.113.9" }), { hops: 1, peerHeader: null })).toBe("203.0.113.9");
  });

  const post = (headers: Record<string, string>) => new Request("http://localhost:3000/api/x", { method: "POST", headers });

  it("the origin check ignores a client's X-Forwarded-Host/-Proto unless a proxy is trusted", () => {
    const forged = { origin: "https://evil.example", host: "127.0.0.1:3000", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
    expect(isSameOriginRequest(post(forged), null)).toBe(false);
    expect(isSameOriginRequest(post(forged), null, { hops: 0, peerHeader: PEER })).toBe(false);
    // Its own origin still passes.
    expect(isSameOriginRequest(post({ ...forged, origin: "http://127.0.0.1:3000" }), null)).toBe(true);
    // Behind one trusted proxy that sets X-Forwarded-Host, the public origin it names is the desk's.
    const proxied = { origin: "https://desk.example.com", host: "127.0.0.1:3000", "x-forwarded-host": "desk.example.com", "x-forwarded-proto": "https" };
    expect(isSameOriginRequest(post(proxied), null, { hops: 1, peerHeader: PEER })).toBe(true);
    expect(isSameOriginRequest(post(proxied), null)).toBe(false);
    // A client-prepended value before the proxy's own is not the one believed.
    const prepended = { ...proxied, origin: "https://evil.example", "x-forwarded-host": "evil.example, desk.example.com", "x-forwarded-proto": "https, https" };
    expect(isSameOriginRequest(post(prepended), null, { hops: 1, peerHeader: PEER })).toBe(false);
  });
});
