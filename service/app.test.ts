import { describe, expect, it } from "vitest";
import { accountResponseSchema } from "../lib/alpha/account";
import { catalogue, endpointIds } from "../lib/alpha/catalogue";
import { errorBodySchema } from "../lib/alpha/errors";
import { revokeApiKey, setAccountStatus } from "./accounts";
import { ManualClock } from "./clock";
import { call, createTestAccount, createTestService } from "../test/support/service";

const errorCode = (json: unknown) => errorBodySchema.parse(json).error.code;

describe("service app: auth, errors and headers", () => {
  const service = createTestService({ clock: new ManualClock("2026-05-15T06:00:00Z") });

  it("401 missing_api_key and invalid_api_key, with the error body and the credit header", async () => {
    const missing = await call(service, "/v1/account");
    expect(missing.status).toBe(401);
    expect(errorCode(missing.json)).toBe("missing_api_key");
    expect(missing.headers.get("x-credits-charged")).toBe("0");
    expect(missing.headers.get("x-content-type-options")).toBe("nosniff");

    const invalid = await call(service, "/v1/account", { key: "ak_live_00000000000000000000000000000000" });
    expect(invalid.status).toBe(401);
    expect(errorCode(invalid.json)).toBe("invalid_api_key");
  });

  it("accepts the key in X-API-Key or api_key, and refuses a revoked key and a disabled account", async () => {
    const { account, key, keyId } = createTestAccount(service.ctx, { plan: "starter" });
    const byHeader = await call(service, "/v1/account", { key });
    expect(byHeader.status).toBe(200);
    expect(accountResponseSchema.parse(byHeader.json).data.account_id).toBe(account.id);
    const byQuery = await call(service, `/v1/account?api_key=${key}`);
    expect(byQuery.status).toBe(200);
    expect(byQuery.balance).toBe(10_000);

    setAccountStatus({ ctx: service.ctx, input: { accountId: account.id, status: "disabled" } });
    const disabled = await call(service, "/v1/account", { key });
    expect(disabled.status).toBe(403);
    expect(errorCode(disabled.json)).toBe("account_disabled");
    setAccountStatus({ ctx: service.ctx, input: { accountId: account.id, status: "active" } });

    revokeApiKey({ ctx: service.ctx, input: { keyId } });
    const revoked = await call(service, "/v1/account", { key });
    expect(revoked.status).toBe(401);
    expect(errorCode(revoked.json)).toBe("invalid_api_key");
  });

  it("answers unknown routes 404 and wrong methods 405, as JSON", async () => {
    const { key } = createTestAccount(service.ctx);
    const unknown = await call(service, "/v1/nothing-here", { key });
    expect(unknown.status).toBe(404);
    expect(errorCode(unknown.json)).toBe("not_found");
    const noKey = await call(service, "/v2/news");
    expect(noKey.status).toBe(404);

    const wrong = await call(service, "/v1/concalls/transcripts", { key });
    expect(wrong.status).toBe(405);
    expect(errorCode(wrong.json)).toBe("method_not_allowed");
    expect(wrong.headers.get("allow")).toBe("POST");
    const put = await call(service, "/v1/news", { key, method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET");
  });

  it("hides internal errors behind a generic 500 and logs them server-side", async () => {
    const logged: unknown[] = [];
    const s = createTestService({ logError: ({ error }) => logged.push(error) });
    s.app.get("/v1/boom", () => {
      throw new Error("SELECT secret FROM internals");
    });
    const res = await call(s, "/v1/boom");
    expect(res.status).toBe(500);
    const body = errorBodySchema.parse(res.json);
    expect(body.error.code).toBe("internal_error");
    expect(res.text).not.toContain("SELECT");
    expect(res.text).not.toContain("stack");
    expect(String(logged[0])).toContain("SELECT secret");
  });

  it("turns a malformed JSON body into 400 invalid_body and an oversized one into 413", async () => {
    const { key } = createTestAccount(service.ctx);
    const bad = await call(service, "/v1/concalls/transcripts", { key, body: "{not json" });
    expect(bad.status).toBe(400);
    expect(errorCode(bad.json)).toBe("invalid_body");
    const big = await call(service, "/v1/concalls/transcripts", { key, body: JSON.stringify({ items: [], pad: "x".repeat(1_100_000) }) });
    expect(big.status).toBe(413);
    expect(errorCode(big.json)).toBe("payload_too_large");
  });

  it("publishes an OpenAPI 3.1 document without a key, listing every catalogue path and the decisions", async () => {
    const res = await call(service, "/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = res.json as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string; parameters: { name: string }[]; "x-alpha-cost": string; responses: Record<string, unknown> }>>;
      "x-alpha-decisions": Record<string, unknown>;
      components: { responses: Record<string, unknown> };
    };
    expect(doc.openapi).toBe("3.1.0");
    for (const id of endpointIds) {
      const def = catalogue[id];
      const op = doc.paths[def.path]?.[def.method.toLowerCase()];
      expect(op, `${def.method} ${def.path}`).toBeDefined();
      expect(op?.operationId).toBe(id);
      expect(op?.["x-alpha-cost"]).toMatch(/credit|Free/);
      expect(op?.responses).toHaveProperty("401");
      expect(op?.responses).toHaveProperty("429");
    }
    expect(doc.paths["/v1/news"]?.get?.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(["symbols", "scrip_codes", "sentiment", "from", "to", "page", "limit"]));
    expect(doc.paths["/v1/news"]?.get?.responses).toHaveProperty("402");
    expect(doc.paths["/v1/assets/transcripts/{file}"]).toBeDefined();
    expect(Object.keys(doc["x-alpha-decisions"])).toEqual(
      expect.arrayContaining([
        "error_body",
        "status_codes",
        "symbol_and_scrip_code",
        "credit_headers",
        "rate_limits",
        "insufficient_balance",
        "list_parameters",
        "from_to",
        "batch_jobs",
        "daily_summary",
        "websocket",
        "plans",
        "signed_urls",
      ]),
    );
    expect(Object.keys(doc.components.responses)).toEqual(expect.arrayContaining(["BadRequest", "Unauthorized", "PaymentRequired", "Forbidden", "NotFound", "TooManyRequests", "InternalError"]));
  });
});
