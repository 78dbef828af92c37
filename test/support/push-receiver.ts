/**
 * A push service on 127.0.0.1 standing in for the browser vendor's (unreachable here): it holds a subscription's keys
 * as a browser would (a P-256 pair and an auth secret), checks each request's VAPID header (an ES256 JWT for this
 * origin, signed by the key it names) and decrypts the aes128gcm body (RFC 8291), keeping the payloads.
 */
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedPush {
  vapidOk: boolean;
  vapidKey: string;
  audience: string;
  payload: unknown;
  /** The decrypted payload as sent (what a push service hands the browser). */
  text: string | null;
  ttl: string | undefined;
}

const b64u = (buf: Buffer) => buf.toString("base64url");

function hkdfExpand(prk: Buffer, info: Buffer, length: number): Buffer {
  return createHmac("sha256", prk).update(Buffer.concat([info, Buffer.from([1])])).digest().subarray(0, length);
}

function verifyVapid(header: string | undefined, origin: string): { ok: boolean; key: string; aud: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!m?.[1] || !m[2]) return { ok: false, key: "", aud: "" };
  const [h, p, s] = m[1].split(".");
  const raw = Buffer.from(m[2], "base64url");
  const key = createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) }, format: "jwk" });
  const ok = verify("sha256", Buffer.from(`${h}.${p}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(s ?? "", "base64url"));
  const claims = JSON.parse(Buffer.from(p ?? "", "base64url").toString("utf8")) as { aud?: string; exp?: number; sub?: string };
  const fresh = typeof claims.exp === "number" && claims.exp * 1000 > Date.now() && claims.exp * 1000 < Date.now() + 25 * 3600_000;
  return { ok: ok && claims.aud === origin && fresh && typeof claims.sub === "string", key: m[2], aud: claims.aud ?? "" };
}

function decrypt(body: Buffer, uaPrivate: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20] ?? 0;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const uaPublic = uaPrivate.getPublicKey();
  const prkKey = createHmac("sha256", auth).update(ecdhSecret).digest();
  const ikm = hkdfExpand(prkKey, Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]), 32);
  const prk = createHmac("sha256", salt).update(ikm).digest();
  const cek = hkdfExpand(prk, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdfExpand(prk, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  const end = plain.lastIndexOf(2);
  return plain.subarray(0, end).toString("utf8");
}

export async function startPushService(): Promise<{ subscription: { endpoint: string; keys: { p256dh: string; auth: string } }; pushes: ReceivedPush[]; status: { next: number }; close(): Promise<void> }> {
  const ua = createECDH("prime256v1");
  ua.generateKeys();
  const auth = randomBytes(16);
  const pushes: ReceivedPush[] = [];
  const status = { next: 201 };
  let origin = "";
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const vapid = verifyVapid(req.headers.authorization, origin);
      let text: string | null = null;
      let payload: unknown = null;
      try {
        if (req.headers["content-encoding"] === "aes128gcm") text = decrypt(Buffer.concat(chunks), ua, auth);
        payload = text === null ? null : (JSON.parse(text) as unknown);
      } catch {
        payload = null;
      }
      pushes.push({ vapidOk: vapid.ok, vapidKey: vapid.key, audience: vapid.aud, payload, text, ttl: req.headers.ttl as string | undefined });
      res.writeHead(status.next).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    subscription: { endpoint: `${origin}/push/${b64u(randomBytes(12))}`, keys: { p256dh: b64u(ua.getPublicKey()), auth: b64u(auth) } },
    pushes,
    status,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
