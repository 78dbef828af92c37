import { describe, expect, it } from "vitest";
import { classifyStreamFrame, streamUrl, toStreamProduct } from "../../lib/alpha/streams";
import { encodeTextFrame, formatSentAt, parseClientMessage } from "./protocol";

/** Reads back one unmasked frame: opcode, payload length as declared, and the payload. */
function decode(frame: Buffer): { fin: boolean; opcode: number; length: number; payload: string } {
  const b1 = frame[1] ?? 0;
  let length = b1 & 0x7f;
  let offset = 2;
  if (length === 126) {
    length = frame.readUInt16BE(2);
    offset = 4;
  } else if (length === 127) {
    length = Number(frame.readBigUInt64BE(2));
    offset = 10;
  }
  expect(b1 & 0x80).toBe(0); // server frames are not masked
  return { fin: ((frame[0] ?? 0) & 0x80) !== 0, opcode: (frame[0] ?? 0) & 0x0f, length, payload: frame.subarray(offset).toString("utf8") };
}

describe("encodeTextFrame", () => {
  for (const size of [0, 125, 126, 65_535, 65_536, 200_000]) {
    it(`frames a ${size}-byte payload`, () => {
      const payload = "x".repeat(size);
      const out = decode(encodeTextFrame(payload));
      expect(out).toMatchObject({ fin: true, opcode: 1, length: size });
      expect(out.payload).toBe(payload);
    });
  }

  it("counts bytes, not characters", () => {
    const payload = JSON.stringify({ summary: "₹1,200 crore order — ‘big’" });
    const out = decode(encodeTextFrame(payload));
    expect(out.length).toBe(Buffer.byteLength(payload));
    expect(out.payload).toBe(payload);
  });
});

describe("parseClientMessage", () => {
  it("cleans symbols as the SDK does and defaults detailed to true", () => {
    expect(parseClientMessage(JSON.stringify({ op: "subscribe", product: "NEWS", symbols: [" tcs", "TCS", "", "m&m"] }))).toEqual({
      ok: true,
      request: { product: "news", symbols: ["TCS", "M&M"], detailed: true },
    });
  });

  it("maps block_deals to the wire name and treats missing symbols as the full feed", () => {
    expect(parseClientMessage('{"op":"subscribe","product":"block_deals","detailed":false}')).toEqual({
      ok: true,
      request: { product: "block-deals", symbols: [], detailed: false },
    });
  });

  it.each([
    ["not json", /not valid JSON/],
    ["null", /JSON object/],
    ['{"op":"ping"}', /only op is "subscribe"/],
    ['{"op":"subscribe"}', /product/],
    ['{"op":"subscribe","product":"weather","symbols":[]}', /Unknown product 'weather'/],
    ['{"op":"subscribe","product":"news","symbols":[1]}', /symbols/],
    ['{"op":"subscribe","product":"news","symbols":["no spaces"]}', /Invalid symbol/],
  ])("refuses %s as invalid_message", (text, message) => {
    const out = parseClientMessage(text);
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.code).toBe("invalid_message");
      expect(out.message).toMatch(message);
    }
  });
});

describe("contract helpers", () => {
  it("classifies server frames in the SDK's order", () => {
    expect(classifyStreamFrame({ type: "heartbeat", sent_at: "2026-06-24T11:22:03.342193+00:00" })).toEqual({ kind: "heartbeat", sentAt: "2026-06-24T11:22:03.342193+00:00" });
    expect(classifyStreamFrame({ status: "subscribed", product: "news", tier: "pro_500", full_feed: false, symbols: ["TCS"] })).toMatchObject({
      kind: "subscribed",
      ack: { detailed: true },
    });
    expect(classifyStreamFrame({ error: "WebSocket addon 'news' is not enabled for this key", code: "forbidden" })).toMatchObject({ kind: "error" });
    expect(classifyStreamFrame({ channel: "alerts", data: { id: "a" } })).toEqual({ kind: "data", channel: "alerts", data: { id: "a" } });
    expect(classifyStreamFrame({ hello: 1 })).toEqual({ kind: "raw", value: { hello: 1 } });
  });

  it("formats sent_at like the SDK fixture", () => {
    expect(formatSentAt(new Date("2026-06-24T11:22:03.342Z"))).toBe("2026-06-24T11:22:03.342000+00:00");
  });

  it("names products and builds the stream URL as the SDK does", () => {
    expect(toStreamProduct("block_deals")).toBe("block-deals");
    expect(toStreamProduct(" Alerts ")).toBe("alerts");
    expect(toStreamProduct("weather")).toBeNull();
    expect(streamUrl("https://developers.manasija.in")).toBe("wss://developers.manasija.in/v1/ws");
    expect(streamUrl("http://127.0.0.1:4010/")).toBe("ws://127.0.0.1:4010/v1/ws");
    expect(streamUrl("http://host/base/?x=1")).toBe("ws://host/base/v1/ws");
  });
});
