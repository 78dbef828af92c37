/**
 * A desk process for the crash test: it opens the desk's SQLite file, makes the paid calls it is given for one member,
 * and lets none of them finish: each request either reaches the service (which charges it) and its answer is held,
 * or is held before it is sent. It prints `in-flight` once every call is at that point, and waits to be killed.
 * Run with `node --import tsx --conditions=react-server`.
 */
import { createDeskContext } from "../../lib/server/core/context";
import type { SessionUser } from "../../lib/server/identity/users";
import { callAlpha } from "../../lib/server/upstream/alpha-proxy";

const env = JSON.parse(process.env.DESK_CALL_PROCESS ?? "{}") as {
  sqlitePath: string;
  serviceUrl: string;
  authSecret: string;
  encryptionKey: string;
  user: SessionUser;
  charged: number;
  held: number;
};

let atRest = 0;
const total = env.charged + env.held;
const resting = () => {
  if (++atRest === total) process.stdout.write("in-flight\n");
  return new Promise<Response>(() => undefined);
};

let sent = 0;
const holdingFetch: typeof fetch = async (input, init) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  if (!url.includes("/v1/symbols/metadata")) return globalThis.fetch(input, init);
  if (sent++ >= env.charged) return resting();
  const response = await globalThis.fetch(input, { ...init, signal: null });
  await response.arrayBuffer();
  return resting();
};

const ctx = await createDeskContext({
  sqlitePath: env.sqlitePath,
  secrets: { authSecret: env.authSecret, encryptionKey: Buffer.from(env.encryptionKey, "base64") },
  config: { alphaBaseUrl: env.serviceUrl, upstreamTimeoutMs: 600_000 },
  fetch: holdingFetch,
});
for (let i = 0; i < total; i++) {
  void callAlpha({ ctx, user: env.user, id: "listSymbolMetadata", input: { query: { symbols: ["TCS", "INFY", "NOSUCHCO"] } }, options: { fresh: true } });
}
