import { STREAM_PRODUCT_ALIASES } from "../../lib/alpha/streams";
import { CLOSE_GOING_AWAY, CLOSE_SLOW_CONSUMER, DEFAULT_MAX_BUFFERED_BYTES, HEARTBEAT_INTERVAL_MS, MAX_CLIENT_MESSAGE_BYTES } from "./protocol";
import { NO_ADDON_CONNECTIONS, STREAM_TIERS, STREAM_TIERS_DESCRIPTION, UNKNOWN_TIER_CAPS } from "./tiers";

type Json = Record<string, unknown>;

/** What the streams decide beyond the protocol, for the `websocket` entry of x-alpha-decisions. */
export function streamsDecisions(): Json {
  return {
    tiers: Object.fromEntries(
      Object.entries(STREAM_TIERS).map(([name, c]) => [
        name,
        { connections_per_account: c.connectionsPerAccount, symbols_per_subscription: c.symbolsPerSubscription, full_feed: c.fullFeed },
      ]),
    ),
    tiers_table: STREAM_TIERS_DESCRIPTION,
    unknown_tier: { connections_per_account: UNKNOWN_TIER_CAPS.connectionsPerAccount, symbols_per_subscription: UNKNOWN_TIER_CAPS.symbolsPerSubscription, full_feed: UNKNOWN_TIER_CAPS.fullFeed },
    connections_without_addons: NO_ADDON_CONNECTIONS,
    handshake: {
      "401": "missing_api_key / invalid_api_key",
      "403": "account_disabled",
      "429": "rate_limit_exceeded: the account already holds its tier's connection cap (details.max)",
    },
    product_aliases: STREAM_PRODUCT_ALIASES,
    subscribe_rules: [
      "symbols are trimmed, uppercased and de-duplicated; an invalid symbol is invalid_message",
      "empty symbols = the full feed: full_feed_not_allowed unless the tier allows it",
      "more symbols than the tier allows: too_many_symbols",
      "a product the key lacks (no enabled add-on, a disabled account, or the Sandbox plan): forbidden, message \"WebSocket addon '<product>' is not enabled for this key\"",
      "a refused subscribe leaves the previous subscription to that product unchanged; the socket stays open",
      "ack.full_feed is true when the subscription receives every symbol",
    ],
    data: "Every row stored after the subscribe is sent once, in storage order, in the REST row shape: detailed=true the detail shape, false the list shape. Alerts add alert_type (= type); earnings add attachment_url (a signed link).",
    heartbeat_seconds: HEARTBEAT_INTERVAL_MS / 1000,
    heartbeat_format: "sent_at is ISO 8601 with microseconds and +00:00, e.g. 2026-06-24T11:22:03.342000+00:00",
    slow_consumer: `A connection with more than ${DEFAULT_MAX_BUFFERED_BYTES} bytes unsent is closed with code ${CLOSE_SLOW_CONSUMER} and reason "slow consumer: ..."; missed rows are not replayed (recover through REST with from).`,
    close_codes: { [CLOSE_SLOW_CONSUMER]: "slow consumer", [CLOSE_GOING_AWAY]: "server shutting down", 1009: `message over ${MAX_CLIENT_MESSAGE_BYTES} bytes` },
  };
}

/** A `paths` entry for the upgrade, so the endpoint is listed with the REST ones. */
export function streamsOpenApiPath(): Json {
  const error = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });
  return {
    get: {
      operationId: "openStream",
      summary: "WebSocket streams: upgrade, then subscribe (see x-alpha-decisions.websocket)",
      tags: ["streams"],
      parameters: [
        { name: "Upgrade", in: "header", required: true, schema: { type: "string", const: "websocket" } },
      ],
      responses: {
        "101": { description: "Switching protocols: the socket is open" },
        "400": error("invalid_upgrade: a handshake that cannot be accepted (bad Sec-WebSocket-Key or version, wrong Upgrade header)"),
        "401": error("missing_api_key / invalid_api_key"),
        "403": error("account_disabled"),
        "426": error("upgrade_required: the request carried no WebSocket handshake"),
        "429": error("rate_limit_exceeded: too many open connections for the account's tier"),
      },
    },
  };
}
