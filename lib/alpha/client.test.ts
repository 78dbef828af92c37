import { describe, expect, it, vi } from "vitest";
import { catalogue } from "./catalogue";
import { createAlphaClient, parseResponseBody, prepareRequest } from "./client";
import { AlphaError } from "./errors";

function recorder(responses: (() => Response)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new Error("no more responses");
    return next();
  }) as unknown as typeof fetch;
  return { calls, fetchFn };
}

const okList = (data: unknown[], hasNext = false, headers: Record<string, string> = {}) => () =>
  Response.json({ data, has_next: hasNext }, { headers });

describe("createAlphaClient", () => {
  it("sends the key as X-API-Key, comma-joins lists and reads the credit headers", async () => {
    const { calls, fetchFn } = recorder([
      okList([{ id: "n1", title: "t" }], false, {
        "X-Credits-Charged": "1",
        "X-Credits-Balance": "99",
        "X-Request-Id": "req_123",
        "X-RateLimit-Limit": "60",
        "X-RateLimit-Remaining": "59",
        "X-RateLimit-Reset": "1700000000",
      }),
    ]);
    const client = createAlphaClient({ baseUrl: "http://127.0.0.1:9/", apiKey: "ak_live_secret", fetch: fetchFn });
    const res = await client.listNews({ query: { symbols: ["tcs", "INFY"], sentiment: "positive" } });
    const url = new URL(calls[0]!.url);
    expect(url.pathname).toBe("/v1/news");
    expect(url.searchParams.get("symbols")).toBe("TCS,INFY");
    expect(url.searchParams.get("sentiment")).toBe("positive");
    expect(url.searchParams.has("api_key")).toBe(false);
    expect((calls[0]!.init.headers as Record<string, string>)["X-API-Key"]).toBe("ak_live_secret");
    expect(res.meta).toEqual({ status: 200, creditsCharged: 1, balance: 99, rateLimit: { limit: 60, remaining: 59, reset: 1700000000 }, requestId: "req_123" });
    expect(res.data.data[0]?.title).toBe("t");
  });

  it("keeps unknown fields and unknown enum values", async () => {
    const { fetchFn } = recorder([
      () => Response.json({ id: "b1", object: "batch", status: "succeeded", created_at: 1, request_counts: { total: 1, completed: 1, failed: 0 }, extra: 1 }),
      okList([{ id: "a1", symbol: "TCS", type: "new_kind", meta: { primary_drivers: [] }, novel: true }]),
    ]);
    const client = createAlphaClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", fetch: fetchFn });
    const job = await client.getBatchJob({ path: { job_id: "b1" } });
    expect(job.data.status).toBe("succeeded");
    expect((job.data as Record<string, unknown>).extra).toBe(1);
    const alerts = await client.listAlerts({});
    expect(alerts.data.data[0]?.type).toBe("new_kind");
    expect((alerts.data.data[0] as Record<string, unknown>).novel).toBe(true);
  });

  it("passes the upstream's JSON text on only when the contract's parse left its value unchanged", async () => {
    const kept = JSON.stringify({ has_next: false, data: [{ novel: true, id: "a1", symbol: "TCS", type: "new_kind", meta: { primary_drivers: [] } }] });
    const filled = JSON.stringify({ data: [{ id: "a2", symbol: "TCS", type: "results" }], has_next: false });
    const asText = (body: string) => () => new Response(body, { headers: { "Content-Type": "application/json" } });
    const { fetchFn } = recorder([asText(kept), asText(filled), asText(kept)]);
    const client = createAlphaClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", fetch: fetchFn });
    const same = await client.listAlerts({}, { keepText: true });
    // Checked by the contract all the same, and its text is the upstream's own (keys in the upstream's order).
    expect(same.text).toBe(kept);
    expect(JSON.parse(kept)).toEqual(same.data);
    // The parse filled in a default (meta.primary_drivers): the value changed, so no text; data says what the contract made of it.
    const changed = await client.listAlerts({}, { keepText: true });
    expect(changed.text).toBeNull();
    expect(changed.data.data[0]?.meta).toEqual({ primary_drivers: [] });
    // Not asked for: not given.
    expect((await client.listAlerts({})).text).toBeUndefined();
  });

  it("with checkedBefore, takes the very bytes checked before without decoding, parsing or checking them again, and checks any other bytes", async () => {
    const checked = JSON.stringify({ has_next: false, data: [{ id: "a1", symbol: "TCS", type: "results", meta: { primary_drivers: [] } }] });
    const checkedBytes = new TextEncoder().encode(checked);
    // An answer offering its bytes as upstreamFetch's does (BodyBytesResponse).
    const withBytes = (body: string) => () => {
      const bytes = Buffer.from(body);
      return Object.assign(new Response(body, { headers: { "Content-Type": "application/json" } }), {
        bodyBytes: () => bytes,
        bodyEquals: (other: Uint8Array) => bytes.equals(other),
      });
    };
    const broken = JSON.stringify({ has_next: false, data: [{ id: 7 }] });
    const { fetchFn } = recorder([withBytes(checked), withBytes(broken), withBytes(checked)]);
    // Says no every time: the schema decides whenever the check runs.
    const unchanged = vi.fn(() => false);
    const client = createAlphaClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", fetch: fetchFn, unchangedByContract: unchanged });
    const parse = vi.spyOn(JSON, "parse");
    try {
      const same = await client.listAlerts({}, { keepText: true, checkedBefore: { text: checked, bytes: checkedBytes } });
      expect(same.sameAsChecked).toBe(true);
      expect(same.text).toBe(checked);
      expect(same.bytes).toBe(checkedBytes);
      expect(unchanged).not.toHaveBeenCalled();
      expect(parse).not.toHaveBeenCalled();
      // Its data, when read, is the text parsed (once).
      expect(same.data.data[0]?.id).toBe("a1");
      expect(same.data).toBe(same.data);
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
    // Other bytes are checked as always: these break the contract.
    await expect(client.listAlerts({}, { keepText: true, checkedBefore: { text: checked, bytes: checkedBytes } })).rejects.toMatchObject({ code: "upstream_contract_violation" });
    // Without keepText the option is not used.
    const plain = await client.listAlerts({}, { checkedBefore: { text: checked, bytes: checkedBytes } });
    expect(plain.sameAsChecked).toBeUndefined();
    expect(plain.data.data[0]?.id).toBe("a1");
  });

  it("sends a request prepareRequest built as it is, without validating it again", async () => {
    const { calls, fetchFn } = recorder([okList([]), okList([])]);
    const client = createAlphaClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", fetch: fetchFn });
    const prepared = prepareRequest("listNews", { query: { symbols: ["tcs"], limit: 5 } });
    const validate = vi.spyOn(catalogue.listNews.query!, "safeParse");
    try {
      await client.send("listNews", prepared);
      expect(validate).not.toHaveBeenCalled();
      await client.call("listNews", { query: { symbols: ["tcs"], limit: 5 } });
      expect(validate).toHaveBeenCalledTimes(1);
    } finally {
      validate.mockRestore();
    }
    expect(calls[0]!.url).toBe(calls[1]!.url);
    expect(calls[0]!.url).toBe(`http://127.0.0.1:9${prepared.url}`);
    expect((calls[0]!.init.headers as Record<string, string>)["X-API-Key"]).toBe("k");
  });

  it("maps an error body to AlphaError with Retry-After", async () => {
    const { fetchFn } = recorder([
      () =>
        Response.json(
          { error: { code: "rate_limit_exceeded", message: "Slow down" } },
          { status: 429, headers: { "Retry-After": "42" } },
        ),
    ]);
    const client = createAlphaClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", fetch: fetchFn, retries: 2 });
    const err = await client.listNews({}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AlphaError);
    expect(err).toMatchObject({ status: 429, code: "rate_limit_exceeded", retryAfter: 42, message: "Slow down" });
  });

  it("retries a GET after a transient failure with backoff, honouring a short Retry-After", async () => {
    const { calls, fetchFn } = recorder([
      () => new Response("busy", { status: 503 }),
      () => Response.json({ error: { code: "rate_limit_exceeded", message: "x" } }, { status: 429, headers: { "Retry-After": "0" } }),
      okList([]),
    ]);
    const client = createAlphaClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", fetch: fetchFn, retries: 2 });
    const res = await client.listNews({});
    expect(res.data.data).toEqual([]);
    expect(calls).toHaveLength(3);
  });

  it("never retries a paid POST", async () => {
    const { calls, fetchFn } = recorder([() => new Response("busy", { status: 503 }), okList([])]);
    const client = createAlphaClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", fetch: fetchFn, retries: 3 });
    const err = await client.createDailySummary({ body: { symbols: ["TCS"] } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 503 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.method).toBe("POST");
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ symbols: ["TCS"] });
  });

  it("sends the retention opt-out header on summaries", async () => {
    const { calls, fetchFn } = recorder([() => Response.json({ status: "success", summary: "s" })]);
    const client = createAlphaClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", fetch: fetchFn });
    await client.createDailySummary({ body: { symbols: ["TCS"] } }, { retention: "none" });
    expect((calls[0]!.init.headers as Record<string, string>)["X-Alpha-Content-Retention"]).toBe("none");
  });

  it("uploads a batch file as multipart", async () => {
    const { calls, fetchFn } = recorder([
      () => Response.json({ id: "b", object: "batch", status: "pending", created_at: 1, request_counts: { total: 1, completed: 0, failed: 0 } }),
    ]);
    const client = createAlphaClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", fetch: fetchFn });
    await client.createBatchJob({ body: { file: '{"custom_id":"a","symbols":["TCS"]}\n', display_name: "Nightly", metadata: { desk: 1 } } });
    const form = calls[0]!.init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(await (form.get("file") as File).text()).toContain("custom_id");
    expect(form.get("display_name")).toBe("Nightly");
    expect(JSON.parse(String(form.get("metadata")))).toEqual({ desk: 1 });
  });

  it("turns a body that breaks the contract into a 502", async () => {
    const { fetchFn } = recorder([() => Response.json({ data: [{ title: "no id" }], has_next: "maybe" })]);
    const client = createAlphaClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", fetch: fetchFn });
    const err = await client.listNews({}).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, code: "upstream_contract_violation" });
  });

  it("reports an unreachable upstream and a timeout", async () => {
    const down = createAlphaClient({
      baseUrl: "http://127.0.0.1:9",
      apiKey: "k",
      retries: 0,
      fetch: (async () => {
        throw new TypeError("fetch failed");
      }) as typeof fetch,
    });
    await expect(down.getAccount({})).rejects.toMatchObject({ status: 502, code: "upstream_unreachable" });
    const slow = createAlphaClient({
      baseUrl: "http://127.0.0.1:9",
      apiKey: "k",
      retries: 0,
      timeoutMs: 20,
      fetch: ((_u: unknown, init?: RequestInit) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)))) as typeof fetch,
    });
    await expect(slow.getAccount({})).rejects.toMatchObject({ status: 504, code: "upstream_timeout" });
  });

  it("walks has_next pages", async () => {
    const { calls, fetchFn } = recorder([okList([{ id: "1" }, { id: "2" }], true), okList([{ id: "3" }], false)]);
    const client = createAlphaClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", fetch: fetchFn });
    const ids: string[] = [];
    for await (const item of client.paginate("listNews", { query: { limit: 2 } })) ids.push(item.id);
    expect(ids).toEqual(["1", "2", "3"]);
    expect(new URL(calls[1]!.url).searchParams.get("page")).toBe("2");
  });

  it("parses JSONL batch results", async () => {
    const { fetchFn } = recorder([
      () =>
        new Response(
          '{"id":"r1","custom_id":"a","response":{"status_code":200,"body":{"summary":"s"}},"error":null}\n\n{"id":"r2","custom_id":"b","response":{"status_code":402,"body":null},"error":{"code":"insufficient_credits","message":"m"}}\n',
          { headers: { "Content-Type": "application/jsonl" } },
        ),
    ]);
    const client = createAlphaClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", fetch: fetchFn });
    const res = await client.getBatchJobResults({ path: { job_id: "b1" } });
    expect(res.data.map((l) => l.custom_id)).toEqual(["a", "b"]);
    expect(res.data[1]?.error?.code).toBe("insufficient_credits");
  });
});

describe("parseResponseBody by response type", () => {
  it("reads /v1/symbols as CSV text or, when the answer says JSON, as the metadata envelope; citations as bytes", async () => {
    const csv = await parseResponseBody("listSymbols", new Response("symbol,company_name\r\nTCS,Tata\r\n", { headers: { "Content-Type": "text/csv" } }));
    expect(csv).toBe("symbol,company_name\r\nTCS,Tata\r\n");
    const json = await parseResponseBody("listSymbols", Response.json({ data: [{ symbol: "TCS" }] }));
    expect(json).toEqual({ data: [{ symbol: "TCS" }] });
    const pdf = await parseResponseBody("getConcallCitationPdf", new Response(new Uint8Array([37, 80, 68, 70, 0, 255]), { headers: { "Content-Type": "application/pdf" } }));
    expect(pdf).toBeInstanceOf(Uint8Array);
    expect([...pdf]).toEqual([37, 80, 68, 70, 0, 255]);
  });
});
