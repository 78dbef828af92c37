import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dailySummaryRequestSchema } from "../../lib/alpha/summaries";
import { istWindowStart } from "../../lib/alpha/time";
import { seedDataset } from "../dataset/seed";
import { openDatabase } from "../store/db";
import { checkCitations } from "./citation-check";
import { defaultSummaryEngine } from "./daily-summary";
import { prepareSummaryInput } from "./engine";
import { splitCitedSentences, summaryEngineFromConfig } from "./lm-engine";

const NOW = "2026-11-12T15:30:00+05:30";

/**
 * An OpenAI-compatible endpoint on 127.0.0.1 speaking the chat-completions protocol: it restyles every sentence it is
 * sent ("In short, …"), except that it changes a figure in the first sentence with a number and drops the citation
 * of the second: the two faults a model makes that the check must catch.
 */
function styleServer(): Promise<{ server: Server; url: string; asked: string[][] }> {
  const asked: string[][] = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString("utf8")));
    req.on("end", () => {
      const body = JSON.parse(raw) as { messages: { role: string; content: string }[]; model: string };
      const sentences = JSON.parse(body.messages.find((m) => m.role === "user")?.content ?? "[]") as string[];
      asked.push(sentences);
      const withNumber = sentences.findIndex((s) => /\d/.test(s.replace(/\[\d+\]/g, "")));
      const withMarker = sentences.findIndex((s, i) => i !== withNumber && /\[\d+\]/.test(s));
      const rewrites = sentences.map((s, i) =>
        i === withNumber ? s.replace(/(\d)(?![^[]*\])/, (d) => String((Number(d) + 3) % 10)) : i === withMarker ? s.replace(/\s*\[\d+\]/g, "") : `In short, ${s}`,
      );
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({
          id: "chatcmpl-1",
          object: "chat.completion",
          created: 1,
          model: body.model,
          choices: [{ index: 0, message: { role: "assistant", content: JSON.stringify(rewrites) }, finish_reason: "stop" }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, asked })));
}

describe("the language-model backend restyles prose and is held to the citation check", () => {
  const db = openDatabase(":memory:");
  seedDataset(db, { seed: 46, now: new Date(NOW), scale: 0.3 });
  const ctx = { db, now: new Date(NOW), requestId: "req_lm" };
  const symbols = (db.prepare("SELECT symbol FROM companies ORDER BY market_cap DESC").all() as { symbol: string }[]).map((r) => r.symbol);
  const input = prepareSummaryInput(dailySummaryRequestSchema.parse({ portfolio: symbols.slice(0, 10).map((symbol, i) => ({ symbol, exposure: 5 + i })) }));
  const window = { startMs: istWindowStart(new Date(NOW), input.contextWindowDays).getTime(), nowMs: Date.parse(NOW) };
  let model: Awaited<ReturnType<typeof styleServer>>;
  beforeAll(async () => {
    model = await styleServer();
  });
  afterAll(() => new Promise<void>((resolve) => model.server.close(() => resolve())));

  it("keeps the restyled sentences that pass and puts back the deterministic ones that fail", async () => {
    const deterministic = await defaultSummaryEngine.summarize(input, ctx);
    const engine = summaryEngineFromConfig(defaultSummaryEngine, { summaryModelUrl: model.url, summaryModel: "style-test" });
    const result = await engine.summarize(input, ctx);
    const summary = result.summary ?? "";
    const sent = model.asked.at(-1) ?? [];
    expect(sent.length).toBeGreaterThan(5);
    // The two faulty rewrites went back to the deterministic sentence; every other one is the model's.
    const restyled = (summary.match(/In short, /g) ?? []).length;
    expect(restyled).toBe(sent.length - 2);
    expect(result.details.engine).toBe(`deterministic-v1+style:style-test (${sent.length - 2} of ${sent.length} sentences restyled)`);
    const withNumber = sent.findIndex((s) => /\d/.test(s.replace(/\[\d+\]/g, "")));
    expect(summary).toContain(sent[withNumber]);
    expect(checkCitations({ db, summary, input, window })).toEqual([]);
    // Nothing but style changed: the deterministic text comes back when the rewrites are taken out.
    expect(summary.replace(/In short, /g, "")).toBe(deterministic.summary);
  });

  it("sends the deterministic text when the model cannot be reached", async () => {
    const engine = summaryEngineFromConfig(defaultSummaryEngine, { summaryModelUrl: "http://127.0.0.1:9/v1", summaryModel: "gone" });
    const result = await engine.summarize(input, ctx);
    expect(result.summary).toBe((await defaultSummaryEngine.summarize(input, ctx)).summary);
    expect(result.details.engine).toContain("model unavailable");
  });

  it("cuts a paragraph into sentences at their citations", () => {
    expect(splitCitedSentences("A rose 3% [1]. B fell [2][3]. Tone was mixed.")).toEqual(["A rose 3% [1].", " B fell [2][3].", " Tone was mixed."]);
  });

  it("is the deterministic engine when no model is configured", () => {
    expect(summaryEngineFromConfig(defaultSummaryEngine, {})).toBe(defaultSummaryEngine);
  });
});
