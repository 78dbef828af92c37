import { beforeAll, describe, expect, it } from "vitest";
import { deskRoute } from "../routes";
import { createAlphaClient } from "@/lib/alpha/client";
import { checkTranscriptUrl } from "./concall-transcripts";
import type { RunningServer } from "../core/embedded-service";
import { browserRequest, makeAccount, makeUser, type TestDesk, withServiceAndDesk } from "@/test/support/desk";

describe("checkTranscriptUrl", () => {
  const base = "http://127.0.0.1:4010";
  const signed = `${base}/v1/assets/transcripts/cc_1.txt?expires=1&signature=abc`;

  it("accepts a signed transcript link of the configured service", () => {
    expect(checkTranscriptUrl(signed, base).pathname).toBe("/v1/assets/transcripts/cc_1.txt");
  });

  it("keeps a base path of the configured service", () => {
    expect(() => checkTranscriptUrl("https://api.example.com/alpha/v1/assets/transcripts/x.txt?expires=1&signature=s", "https://api.example.com/alpha")).not.toThrow();
    expect(() => checkTranscriptUrl("https://api.example.com/v1/assets/transcripts/x.txt?expires=1&signature=s", "https://api.example.com/alpha")).toThrow();
  });

  it.each([
    ["another origin", "http://127.0.0.1:9999/v1/assets/transcripts/cc_1.txt?expires=1&signature=abc"],
    ["another asset", `${base}/v1/assets/recordings/cc_1.wav?expires=1&signature=abc`],
    ["an API path", `${base}/v1/account?expires=1&signature=abc`],
    ["a way out of the folder", `${base}/v1/assets/transcripts/../../account?expires=1&signature=abc`],
    ["no signature", `${base}/v1/assets/transcripts/cc_1.txt`],
    ["credentials", "http://user:pw@127.0.0.1:4010/v1/assets/transcripts/cc_1.txt?expires=1&signature=abc"],
    ["not a URL", "transcript please"],
  ])("refuses %s", (_what, url) => {
    expect(() => checkTranscriptUrl(url, base)).toThrow(expect.objectContaining({ code: "invalid_parameter" }));
  });
});

describe("GET /api/concalls/transcript against the real service", () => {
  let service: RunningServer;
  let desk: TestDesk;
  let transcriptUrl: string;

  withServiceAndDesk((s, d) => ((service = s), (desk = d)));
  beforeAll(async () => {
    const { key } = makeAccount(service);
    const client = createAlphaClient({ baseUrl: service.url, apiKey: key, retries: 0 });
    const calls = await client.listConcalls({ query: { limit: 50 } });
    const withTranscript = calls.data.data.find((c) => c.transcript_url && c.quarter);
    if (!withTranscript?.quarter) throw new Error("the test dataset holds no call with a transcript");
    const lookup = await client.lookupConcallTranscripts({ body: { items: [{ symbol: withTranscript.symbol, quarter: withTranscript.quarter }] } });
    const ready = lookup.data.data[0];
    if (ready?.status !== "ready" || typeof ready.transcript_url !== "string") throw new Error("the lookup did not return a ready link");
    transcriptUrl = ready.transcript_url;
  });

  const route = () => deskRoute("readTranscript", { ctx: desk.ctx });
  const ask = async (url: string | null, signedIn = true) => {
    const user = signedIn ? await makeUser(desk.ctx) : null;
    const target = url === null ? "/api/concalls/transcript" : `/api/concalls/transcript?url=${encodeURIComponent(url)}`;
    return route()(await browserRequest(desk.ctx, user, target));
  };

  it("returns the transcript's text with its speaker turns", async () => {
    const res = await ask(transcriptUrl);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { text: string; fetchedAt: string } };
    expect(body.data.text).toMatch(/Earnings Conference Call/);
    expect(body.data.text).toMatch(/^Moderator: /m);
    expect(Date.parse(body.data.fetchedAt)).not.toBeNaN();
  });

  it("explains a link whose signature was changed", async () => {
    const res = await ask(transcriptUrl.replace(/signature=[^&]+/, "signature=forged"));
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid_signature");
  });

  it("refuses anything but a signed transcript link of the service, without calling out", async () => {
    const recording = transcriptUrl.replace("/transcripts/", "/recordings/").replace(".txt", ".wav");
    for (const url of [recording, "http://169.254.169.254/latest/meta-data", `${service.url}/v1/account`]) {
      const res = await ask(url);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid_parameter");
    }
    expect((await ask(null)).status).toBe(400);
  });

  it("needs a signed-in desk user", async () => {
    const res = await ask(transcriptUrl, false);
    expect(res.status).toBe(401);
  });
});
