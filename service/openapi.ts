import { CLIENT_REQUEST_ID_HEADER, CLIENT_REQUEST_ID_METADATA } from "../lib/alpha/client-request-id";
import type { Hono } from "hono";
import { z } from "zod";
import { PRODUCTS, STREAM_PRODUCTS } from "../lib/alpha/account";
import { ALERT_FILTER_ALIASES, ALERT_FILTER_TYPES, ALERT_OUTPUT_TYPES } from "../lib/alpha/alerts";
import { BATCH_CREDITS_PER_SUMMARY, BATCH_MAX_FILE_BYTES, BATCH_MAX_LINES, BATCH_STATUSES, BATCH_SUBMIT_CREDITS } from "../lib/alpha/batch";
import type { EndpointId } from "../lib/alpha/catalogue";
import { catalogue, endpointIds } from "../lib/alpha/catalogue";
import { describeCost, isPaid } from "../lib/alpha/costs";
import { ERROR_STATUS, errorBodySchema } from "../lib/alpha/errors";
import { SYMBOL_CSV_COLUMNS, symbolMetadataResponseSchema } from "../lib/alpha/symbols";
import { MAX_LIST_VALUES, MAX_PAGE, MAX_TYPE_VALUES } from "../lib/alpha/query-params";
import { STREAM_ERROR_CODES, STREAM_PATH, streamAckSchema, streamDataFrameSchema, streamErrorFrameSchema, streamHeartbeatSchema, streamSubscribeMessageSchema } from "../lib/alpha/streams";
import {
  CONTENT_RETENTION_APPLIED_HEADER,
  CONTENT_RETENTION_HEADER,
  CONTEXT_WINDOW_MAX,
  CONTEXT_WINDOW_MIN,
  MAX_SUMMARY_SYMBOLS,
  SUMMARY_STATUSES,
} from "../lib/alpha/summaries";
import { API_KEY_PREFIX, DEFAULT_WEBSOCKET_TIER } from "./accounts";
import type { AppEnv } from "./endpoint";
import { streamsDecisions, streamsOpenApiPath } from "./streams/openapi";

type Json = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const out = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Json;
  delete out.$schema;
  return out;
}

const LIST_PARAMS = new Set(["ids", "symbols", "scrip_codes", "type", "categories"]);

function parametersOf(schema: z.ZodType | undefined, where: "query" | "path"): Json[] {
  if (!schema) return [];
  const js = jsonSchema(schema, "input");
  const properties = (js.properties ?? {}) as Record<string, Json>;
  const required = new Set((js.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => {
    const param: Json = { name, in: where, required: where === "path" || required.has(name), schema: s };
    if (LIST_PARAMS.has(name)) {
      param.style = "form";
      param.explode = true;
      param.description = `Comma-separated values or repeated keys (at most ${name === "type" ? MAX_TYPE_VALUES : MAX_LIST_VALUES}).`;
    } else if (name === "from" || name === "to") {
      param.description = "ISO date (a whole Asia/Kolkata day) or ISO datetime (no offset means +05:30); inclusive.";
    }
    return param;
  });
}

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

const METERED_HEADERS = {
  "X-Credits-Charged": header("XCreditsCharged"),
  "X-Credits-Balance": header("XCreditsBalance"),
  "X-RateLimit-Limit": header("XRateLimitLimit"),
  "X-RateLimit-Remaining": header("XRateLimitRemaining"),
  "X-RateLimit-Reset": header("XRateLimitReset"),
  "X-Request-Id": header("XRequestId"),
};

const retention = (id: EndpointId) => id === "createDailySummary" || id === "createBatchJob";

function successContent(id: EndpointId): Json {
  const def = catalogue[id];
  switch (def.responseType) {
    case "jsonl":
      return { "application/x-ndjson": { schema: { type: "string", description: "One result line (JSON) per request line" } } };
    case "binary":
      return { "application/pdf": { schema: { type: "string", format: "binary", description: "A PDF generated from the stored record" } } };
    case "text":
      return {
        "text/csv": { schema: { type: "string", description: `format=csv (the default): a header row (${SYMBOL_CSV_COLUMNS.join(",")}) and one row per symbol, CRLF line ends` } },
        "application/json": { schema: jsonSchema(symbolMetadataResponseSchema, "output") },
      };
    case "json":
      return { "application/json": { schema: jsonSchema(def.response, "output") } };
  }
}

function operationOf(id: EndpointId): Json {
  const def = catalogue[id];
  const op: Json = {
    operationId: id,
    summary: def.summary,
    description: `${def.summary}. Cost: ${describeCost(id)}${def.product ? ` Requires the \`${def.product}\` product.` : ""}`,
    tags: [def.product ?? "account"],
    security: [{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }],
    "x-alpha-cost": describeCost(id),
    "x-alpha-cost-rule": def.cost,
    "x-alpha-product": def.product,
    parameters: [
      ...parametersOf(def.pathParams, "path"),
      ...parametersOf(def.query, "query"),
      ...(isPaid(id)
        ? [
            {
              name: CLIENT_REQUEST_ID_HEADER,
              in: "header",
              required: false,
              schema: { type: "string", pattern: "^[A-Za-z0-9_-]{8,80}$" },
              description: `The caller's own id of the request: every ledger debit it makes names it (metadata.${CLIENT_REQUEST_ID_METADATA}), so a caller that lost the answer can find what it was charged`,
            },
          ]
        : []),
    ],
  };
  if (def.body) {
    const mediaType = def.bodyType === "multipart" ? "multipart/form-data" : "application/json";
    const schema = jsonSchema(def.body, "input");
    if (def.bodyType === "multipart") {
      const props = (schema.properties ?? {}) as Record<string, Json>;
      props.file = { type: "string", format: "binary", description: `JSONL, one summary request per line plus custom_id; at most ${BATCH_MAX_LINES} lines and ${BATCH_MAX_FILE_BYTES} bytes` };
      props.metadata = { type: "string", description: "A JSON object, serialised as a string" };
      delete props.filename;
    }
    op.requestBody = { required: true, content: { [mediaType]: { schema } } };
    if (retention(id)) {
      (op.parameters as Json[]).push({
        name: CONTENT_RETENTION_HEADER,
        in: "header",
        required: false,
        schema: { type: "string", enum: ["none"] },
        description: "Opt out of retained request content when the account's policy permits it; otherwise the request runs under the policy",
      });
    }
  }
  const success: Json = {
    description: "Success",
    headers: retention(id)
      ? {
          ...METERED_HEADERS,
          [CONTENT_RETENTION_APPLIED_HEADER]: {
            description: "The retention that applied: none (opted out), retain, or retain; requested=none; reason=policy (the account's policy does not permit the opt-out)",
            schema: { type: "string" },
          },
        }
      : METERED_HEADERS,
    content: successContent(id),
  };
  const responses: Json = { "200": success, "401": ref("Unauthorized"), "403": ref("Forbidden"), "429": ref("TooManyRequests"), "500": ref("InternalError") };
  if (def.query || def.body || def.pathParams) responses["400"] = ref("BadRequest");
  if (isPaid(id)) responses["402"] = ref("PaymentRequired");
  if (def.pathParams || id === "getEarningsDetail" || id === "getConcallDetail" || id === "getConcallTranscript") responses["404"] = ref("NotFound");
  if (id === "cancelBatchJob" || id === "getBatchJobResults") responses["409"] = ref("Conflict");
  if (id === "getBatchJobResults") {
    op.description = `${String(op.description)} A cancelled job answers too: the lines that finished before the cancel with their results, the rest with error code \`cancelled\`. Before the job is completed or cancelled: 409 job_not_completed.`;
  }
  if (id === "getBatchJob" || id === "listBatchJobs") {
    op.description = `${String(op.description)} Statuses are the interface's: pending, in_progress, completed, cancelled (the hosted client's wait helper expects succeeded/partial/failed; call it with terminalStatuses ['completed', 'cancelled']; see x-alpha-decisions.batch_jobs.hosted_client).`;
  }
  if (def.body) responses["413"] = ref("PayloadTooLarge");
  op.responses = responses;
  return op;
}

function signedAssetPath(kind: string, ext: string, contentType: string, what: string): Json {
  return {
    get: {
      operationId: `getSigned${kind[0]?.toUpperCase()}${kind.slice(1)}`,
      summary: `${what} behind a signed link`,
      description: `Served without a key from a signed link the API hands out. Free. A link with a missing or altered signature is 403 \`invalid_signature\`; after \`expires\` it is 410 \`url_expired\`.`,
      tags: ["assets"],
      security: [],
      parameters: [
        { name: "file", in: "path", required: true, schema: { type: "string" }, description: `\`{id}${ext}\`` },
        { name: "expires", in: "query", required: true, schema: { type: "integer" }, description: "Expiry, epoch seconds" },
        { name: "signature", in: "query", required: true, schema: { type: "string" }, description: "base64url HMAC-SHA256 over `path \\n expires`" },
      ],
      responses: {
        "200": { description: what, content: { [contentType]: { schema: { type: "string", format: "binary" } } } },
        "403": ref("Forbidden"),
        "404": ref("NotFound"),
        "410": ref("Gone"),
      },
    },
  };
}

const errorResponse = (description: string, codes: string[], extraHeaders: Json = {}) => ({
  description: `${description} Codes: ${codes.map((c) => `\`${c}\``).join(", ")}.`,
  headers: { "X-Credits-Charged": header("XCreditsCharged"), ...extraHeaders },
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** Every decision DESIGN.md took where the interface says "not shown", as the service implements it. */
export function alphaDecisions(): Json {
  return {
    error_body: { rule: "Every non-2xx answer has the body { error: { code, message, details? } }; details.fields maps a parameter to its problems." },
    status_codes: {
      rule: "One table from error code to HTTP status, shared with the desk's proxy.",
      table: ERROR_STATUS,
      notes: [
        "400 invalid_parameter with field-level details.fields; invalid_body for a JSON body that does not parse or fit",
        "401 missing_api_key / invalid_api_key (a revoked key is invalid)",
        "402 insufficient_credits: nothing charged, no data",
        "403 product_not_enabled / scope_required (symbol metadata) / account_disabled; invalid_signature on a signed link",
        "404 not_found (also for unknown routes); 405 method_not_allowed with Allow",
        "409 job_finished (DELETE on a finished batch job) / job_not_completed (results before completion)",
        "410 url_expired (signed link after its expiry); 413 payload_too_large (counted on the bytes read, chunked bodies included; nothing beyond the cap is kept)",
        "426 upgrade_required: GET /v1/ws without a WebSocket handshake; 400 invalid_upgrade: a handshake ws cannot accept",
        "431 request_header_fields_too_large and 400 bad_request: answered before any handler, still in the error shape",
        "429 rate_limit_exceeded with Retry-After; 500 internal_error reveals nothing internal",
      ],
    },
    hosted_client_routes: {
      rule: "Routes the hosted client (drishti-sdk) calls beyond the interface, each in the catalogue with its cost (x-alpha-cost): GET /v1/account/ledger, /v1/account/limits, /v1/concalls/index, /v1/concalls/transcript, /v1/announcements/attachments, /v1/symbols, /v1/{announcements,earnings,concalls}/citations/{id}/pdf and /v1/earnings/citations/{id}/page/{page}.",
      citations: "A citation is a PDF generated from the stored record (pdfkit): an earnings filing has a summary page and, when it has a statement of results, a results page; ?page=N or /page/N answers that page alone (a page beyond the last is 404, free). 1 credit when found; 404 not_found is free.",
      symbols: "GET /v1/symbols is the whole catalogue, 50 credits, and needs the Symbols scope (full-market access): CSV by default, the metadata envelope with format=json.",
      announcement_attachments: "Every stored announcement has its filing document: a signed link to /v1/assets/announcements/{id}.pdf (1 credit per ready link), served without a key until it expires.",
    },
    unknown_query_parameters: {
      rule: "A query parameter the operation does not list is refused before anything is counted as work or charged: 400 invalid_parameter, message \"Received unknown parameter 'symbol'; did you mean 'symbols'?\", details { parameter, did_you_mean, known, fields }. api_key (credentials) is always allowed.",
    },
    detail_endpoints: { rule: "GET /v1/earnings/detail and GET /v1/concalls/detail answer the record itself, with no data envelope, as the interface and the hosted client have it; none found is 404 not_found and free." },
    symbol_and_scrip_code: { rule: "Detail endpoints take symbol or scrip_code; both together is 400 invalid_parameter. On list endpoints symbols and scrip_codes select the union of the companies they name." },
    credit_headers: { rule: "X-Credits-Charged on every response (0 when free or refused); X-Credits-Balance on every response of an authenticated caller (the balance after the call)." },
    insufficient_balance: { rule: "A paid call is priced from the response it would send; when the balance is short it is answered 402 insufficient_credits, charges nothing and sends no data. A call is charged all or nothing, in one transaction with its ledger row." },
    rate_limits: {
      rule: "Per account: rpm over a sliding 60 s window and daily over the Asia/Kolkata calendar day, counted per authenticated request (free calls and errors included). A refused call (429 rate_limit_exceeded) is not counted and is free. Each count is stored before the request goes on, so a crash loses none.",
      headers: {
        "X-RateLimit-Limit": "limit of the tighter window (the one with fewer requests left)",
        "X-RateLimit-Remaining": "requests left in that window",
        "X-RateLimit-Reset": "epoch seconds when that window frees a slot",
        "Retry-After": "on 429: seconds until the call would be allowed",
      },
    },
    plans: {
      sandbox: { rpm: 10, daily: 1000, credits: 1000, websocket: false },
      starter: { rpm: 60, daily: 60000, credits: 10000, websocket: true, default_websocket_tier: DEFAULT_WEBSOCKET_TIER.starter },
      pro: { rpm: 180, daily: 180000, credits: 50000, websocket: true, default_websocket_tier: DEFAULT_WEBSOCKET_TIER.pro },
    },
    products: { rest: PRODUCTS, rule: "Each endpoint needs its product (x-alpha-product); without it 403 product_not_enabled, or scope_required for symbols." },
    api_keys: { rule: `Keys are ${API_KEY_PREFIX} followed by 32 base62 characters, sent in X-API-Key (preferred) or the api_key query parameter; stored as SHA-256 and shown once.` },
    list_parameters: { rule: `ids, symbols, scrip_codes, categories and type accept comma-separated values or repeated keys, both; at most ${MAX_LIST_VALUES} values (type: ${MAX_TYPE_VALUES}); more is 400.` },
    from_to: { rule: "from and to take an ISO date (a whole Asia/Kolkata day) or an ISO datetime (without an offset it is Asia/Kolkata); both bounds are inclusive; from after to is 400." },
    pagination: { rule: `page (default 1, at most ${MAX_PAGE}) and limit; has_next is exact (one row beyond the page is looked up). No total count.` },
    sort_orders: { rule: "Feeds (earnings, alerts, announcements, news, block deals, concalls) newest first; upcoming earnings and upcoming concalls nearest first." },
    upcoming_earnings: { rule: "Calendar events whose purpose mentions Financial Results, dated today (IST) or later, excluding a symbol and quarter that already has a filing." },
    concalls: {
      rule: "GET /v1/concalls and /v1/concalls/detail list calls whose meeting time has passed; upcoming concalls are, per symbol, the latest call filing whose meeting is ahead. transcript_url is a signed link when the call has a transcript, else null; recordings only through POST /v1/concalls/transcripts.",
    },
    alert_types: {
      output: ALERT_OUTPUT_TYPES,
      filter: ALERT_FILTER_TYPES,
      aliases: ALERT_FILTER_ALIASES,
      rule: "The rvol_alert filter selects vol_alert output; 52w_high_60 and 52w_low_60 are aliases of 52w_high and 52w_low. important=true returns the curated subset.",
    },
    signed_urls: {
      rule: "Transcript, recording, filing-attachment and intimation links carry expires (epoch seconds) and signature (HMAC-SHA256 over path and expiry). They are served without a key; a tampered link is 403 invalid_signature, an expired one 410 url_expired. expires_in on ready items is the link lifetime in seconds.",
      paths: ["/v1/assets/transcripts/{id}.txt", "/v1/assets/recordings/{id}.wav", "/v1/assets/earnings/{id}.pdf", "/v1/assets/intimations/{id}.pdf", "/v1/assets/announcements/{id}.pdf"],
      logos: "/v1/assets/logos/{symbol}.svg is public and cacheable.",
    },
    batch_jobs: {
      statuses: BATCH_STATUSES,
      rule: "pending → in_progress → completed, or cancelled. A job whose every line failed still completes, with request_counts.failed. A job of another key is 404 not_found. Results before completion are 409 job_not_completed; DELETE on a finished job is 409 job_finished.",
      cancelled_results: "GET /v1/batch/jobs/{job_id}/results answers a cancelled job too: every line in input order, those that finished before the cancel with their result (and charge), the others with error {code: 'cancelled'} and no response. Lines keep finishing until the cancel lands, so the count that ran may exceed what was left when the cancel was asked for.",
      hosted_client: "The hosted client's wait helper (waitForBatchJobCompletion / wait_for_batch_job_completion) stops on succeeded, partial, failed or cancelled by default; this service keeps the interface's names, so a completed job would be polled until the timeout. Pass the terminal statuses: JS waitForBatchJobCompletion(id, { terminalStatuses: ['completed', 'cancelled'] }), Python wait_for_batch_job_completion(id, terminal_statuses={'completed', 'cancelled'}). in_progress corresponds to the client's running; a completed job with request_counts.failed > 0 is what it would call partial.",
      caps: { max_file_bytes: BATCH_MAX_FILE_BYTES, max_lines: BATCH_MAX_LINES },
      credits: { per_job: BATCH_SUBMIT_CREDITS, per_generated_summary: BATCH_CREDITS_PER_SUMMARY },
    },
    daily_summary: {
      path: "POST /v1/daily-summary/; the path without the trailing slash is accepted too",
      statuses: SUMMARY_STATUSES,
      rule: "Only success is charged (5 credits); success_no_news, success_no_signal and error are free.",
      symbol_cap: MAX_SUMMARY_SYMBOLS,
      retention_header: `${CONTENT_RETENTION_HEADER}: none opts out of retained request content when the account's retention_policy.allow_opt_out is true. When the policy does not permit it the request is processed under the account's policy (content retained), not refused. Every answer of POST /v1/daily-summary/ and POST /v1/batch/jobs carries ${CONTENT_RETENTION_APPLIED_HEADER}: none (opted out), retain, or retain; requested=none; reason=policy.`,
      context_window_days: `Accepted with every mode, ${CONTEXT_WINDOW_MIN} to ${CONTEXT_WINDOW_MAX} (batch lines too). Only intraday_movements and news_context read it; exposure (the default mode) always reads today and the previous Asia/Kolkata day. details.context_window_days reports the window that applied.`,
    },
    websocket: {
      path: STREAM_PATH,
      auth: "Key in X-API-Key or api_key on the upgrade request; refused upgrades get the JSON error body and status.",
      products: STREAM_PRODUCTS,
      gating: "By the account's websocket_addons (sandbox has none).",
      revocation: "Open sockets follow key and entitlement changes made by any process within a second: a revoked key or a disabled account gets an error frame (key_revoked / account_disabled) and a close 1008; a subscription the account may no longer hold is dropped with a forbidden frame naming its product.",
      rule: "The client sends {op:'subscribe', product, symbols, detailed}; empty symbols asks for the full feed; a repeat subscribe replaces the previous one. The server sends an ack {status:'subscribed', product, tier, full_feed, symbols, detailed}, data frames {channel, data}, heartbeats {type:'heartbeat', sent_at} and error frames {error, code}.",
      error_codes: STREAM_ERROR_CODES,
      ...streamsDecisions(),
      messages: {
        subscribe: jsonSchema(streamSubscribeMessageSchema, "input"),
        ack: jsonSchema(streamAckSchema, "output"),
        data: jsonSchema(streamDataFrameSchema, "output"),
        heartbeat: jsonSchema(streamHeartbeatSchema, "output"),
        error: jsonSchema(streamErrorFrameSchema, "output"),
      },
    },
  };
}

/** The OpenAPI 3.1 document of the service, generated from the contract's catalogue. */
export function buildOpenApiDocument(serverUrl?: string): Json {
  const paths: Record<string, Json> = {};
  for (const id of endpointIds) {
    const def = catalogue[id];
    (paths[def.path] ??= {})[def.method.toLowerCase()] = operationOf(id);
  }
  paths[STREAM_PATH] = streamsOpenApiPath();
  paths["/v1/openapi.json"] = {
    get: { operationId: "getOpenApi", summary: "This document", tags: ["meta"], security: [], responses: { "200": { description: "OpenAPI 3.1", content: { "application/json": { schema: { type: "object" } } } } } },
  };
  paths["/v1/assets/transcripts/{file}"] = signedAssetPath("transcript", ".txt", "text/plain", "Call transcript (text/plain; charset=utf-8)");
  paths["/v1/assets/recordings/{file}"] = signedAssetPath("recording", ".wav", "audio/wav", "Call recording (audio/wav)");
  paths["/v1/assets/earnings/{file}"] = signedAssetPath("earningsAttachment", ".pdf", "application/pdf", "Filing attachment document (PDF)");
  paths["/v1/assets/intimations/{file}"] = signedAssetPath("intimation", ".pdf", "application/pdf", "Meeting-intimation attachment (PDF)");
  paths["/v1/assets/announcements/{file}"] = signedAssetPath("announcementAttachment", ".pdf", "application/pdf", "Announcement filing document (PDF)");
  paths["/v1/assets/logos/{file}"] = {
    get: {
      operationId: "getLogo",
      summary: "Company logo (SVG), public and cacheable",
      tags: ["assets"],
      security: [],
      parameters: [{ name: "file", in: "path", required: true, schema: { type: "string" }, description: "`{symbol}.svg`" }],
      responses: { "200": { description: "SVG", content: { "image/svg+xml": { schema: { type: "string" } } } }, "404": ref("NotFound") },
    },
  };

  const intHeader = (description: string) => ({ description, schema: { type: "integer" } });
  return {
    openapi: "3.1.0",
    info: {
      title: "Alpha API: market filings and events data",
      version: "1.0.0",
      description:
        "Earnings, alerts, announcements, news, block deals, conference calls, symbol metadata, daily summaries and batch jobs for NSE/BSE-listed companies. Every call is free or debits credits; see x-alpha-cost on each operation and x-alpha-decisions for the rules the interface leaves open.",
    },
    servers: serverUrl ? [{ url: serverUrl }] : [],
    security: [{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }],
    paths,
    components: {
      securitySchemes: {
        ApiKeyHeader: { type: "apiKey", in: "header", name: "X-API-Key" },
        ApiKeyQuery: { type: "apiKey", in: "query", name: "api_key" },
      },
      schemas: { Error: jsonSchema(errorBodySchema, "output") },
      headers: {
        XCreditsCharged: intHeader("Credits this call cost (0 when free or refused)"),
        XCreditsBalance: intHeader("Balance after the call"),
        XRateLimitLimit: intHeader("Limit of the tighter rate window"),
        XRateLimitRemaining: intHeader("Requests left in that window"),
        XRateLimitReset: intHeader("Epoch seconds when that window frees a slot"),
        RetryAfter: intHeader("Seconds to wait before retrying"),
        XRequestId: { description: "Request id, to quote when reporting a problem", schema: { type: "string" } },
      },
      responses: {
        BadRequest: errorResponse("A parameter or the body is invalid; details.fields names each problem.", ["invalid_parameter", "invalid_body"]),
        Unauthorized: errorResponse("No key, or a key that is unknown or revoked.", ["missing_api_key", "invalid_api_key"]),
        PaymentRequired: errorResponse("The balance does not cover the call; nothing was charged.", ["insufficient_credits"]),
        Forbidden: errorResponse("The account lacks the product or scope, or is disabled; or a signed link was altered.", [
          "product_not_enabled",
          "scope_required",
          "account_disabled",
          "invalid_signature",
        ]),
        NotFound: errorResponse("No such record or route.", ["not_found"]),
        Conflict: errorResponse("The batch job is in the wrong state.", ["job_finished", "job_not_completed"]),
        Gone: errorResponse("The signed link has expired.", ["url_expired"]),
        PayloadTooLarge: errorResponse("The body is over the size cap.", ["payload_too_large"]),
        TooManyRequests: errorResponse("A rate limit is exhausted; the call was not counted or charged.", ["rate_limit_exceeded"], { "Retry-After": header("RetryAfter") }),
        InternalError: errorResponse("Something failed on the service's side; the body reveals nothing internal.", ["internal_error"]),
      },
    },
    "x-alpha-decisions": alphaDecisions(),
  };
}

/** `GET /v1/openapi.json`: free, no key; built once per app. */
export function registerOpenApiRoute(app: Hono<AppEnv>): void {
  let cached: string | null = null;
  app.get("/v1/openapi.json", (c) => {
    cached ??= JSON.stringify(buildOpenApiDocument(c.get("ctx").publicUrl));
    return c.body(cached, 200, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" });
  });
}
