import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, type LanguageModel } from "ai";
import { z } from "zod";
import { istWindowStart } from "../../lib/alpha/time";
import { checkCitations } from "./citation-check";
import type { SummaryEngine } from "./engine";

/**
 * An optional language-model backend over the deterministic engine: the model rewrites the prose's style only, sentence
 * by sentence, and each rewritten sentence is held to the same citation check; one that fails it (a number not in the
 * records it cites, a citation marker lost or changed) is replaced by the deterministic sentence. The facts, their
 * order, the headings and the Sources list stay the deterministic engine's.
 */

export interface LanguageModelEngineOptions {
  base: SummaryEngine;
  model: LanguageModel;
  modelName: string;
  /** How long the model may take before the deterministic text goes out as it is. */
  timeoutMs?: number;
}

const SYSTEM = [
  "You edit daily portfolio notes written for Indian portfolio managers so that they read as a senior analyst would write them.",
  "You receive a JSON array of sentences. Return only a JSON array of the same length, each element the rewritten sentence at the same position.",
  "Change style only: word order, connectives, rhythm. Keep every number, rupee amount, percentage, date, time, quarter label (Q2 FY27), symbol, company name and quotation exactly as written.",
  "Keep every citation marker such as [3] exactly, at the end of the claim it closes. Add no facts, no numbers, no opinions.",
].join(" ");

const rewritesSchema = z.array(z.string());

/** Sentences of a prose paragraph: each ends with its citation markers and the full stop after them. */
export function splitCitedSentences(paragraph: string): string[] {
  const out: string[] = [];
  const re = /(?:\s*\[\d+\])+[)*]*[.!?][*)]*/g;
  let start = 0;
  for (let m = re.exec(paragraph); m; m = re.exec(paragraph)) {
    out.push(paragraph.slice(start, m.index + m[0].length));
    start = m.index + m[0].length;
  }
  if (start < paragraph.length) out.push(paragraph.slice(start));
  return out.filter((s) => s.trim().length > 0);
}

const markersOf = (text: string) => (text.match(/\[\d+\]/g) ?? []).join("");

/** The first JSON array in a model's answer (models wrap it in prose or fences now and then). */
function parseRewrites(text: string, length: number): string[] | null {
  const start = text.indexOf("[");
  const end = text.lastIndexOf("]");
  if (start < 0 || end <= start) return null;
  try {
    const parsed = rewritesSchema.safeParse(JSON.parse(text.slice(start, end + 1)));
    return parsed.success && parsed.data.length === length ? parsed.data : null;
  } catch {
    return null;
  }
}

function isProse(line: string): boolean {
  const t = line.trim();
  return t.length > 0 && !t.startsWith("#") && !t.startsWith("*") && !t.startsWith("_") && !/^\d+\. /.test(t);
}

export function createLanguageModelEngine(options: LanguageModelEngineOptions): SummaryEngine {
  const name = `${options.base.name}+style:${options.modelName}`;
  return {
    name,
    async summarize(input, context) {
      const result = await options.base.summarize(input, context);
      if (result.status !== "success" || !result.summary) return result;
      const summary = result.summary;
      const [body = "", sources = ""] = summary.split(/^(?=## Sources\s*$)/m);
      const lines = body.split("\n");
      const units: { line: number; sentences: string[] }[] = lines.flatMap((l, i) => (isProse(l) ? [{ line: i, sentences: splitCitedSentences(l) }] : []));
      const sentences = units.flatMap((u) => u.sentences);
      if (sentences.length === 0) return result;

      let rewrites: string[] | null = null;
      try {
        const answer = await generateText({
          model: options.model,
          system: SYSTEM,
          prompt: JSON.stringify(sentences.map((s) => s.trim())),
          temperature: 0.2,
          maxRetries: 0,
          abortSignal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        });
        rewrites = parseRewrites(answer.text, sentences.length);
      } catch {
        rewrites = null;
      }
      if (!rewrites) return { ...result, details: { ...result.details, engine: `${name} (model unavailable: deterministic text)` } };

      const window = { startMs: istWindowStart(context.now, input.contextWindowDays).getTime(), nowMs: context.now.getTime() };
      let next = 0;
      let kept = 0;
      for (const unit of units) {
        const parts = unit.sentences.map((original) => {
          const candidate = rewrites[next++]?.trim() ?? "";
          const lead = /^\s*/.exec(original)?.[0] ?? "";
          // Held to the check on its own, against the same Sources list: markers unchanged, every number cited.
          const passes =
            candidate.length > 0 &&
            markersOf(candidate) === markersOf(original) &&
            checkCitations({ db: context.db, summary: `${candidate}\n\n${sources}`, input, window }).length === 0;
          if (passes) kept++;
          return passes ? `${lead}${candidate}` : original;
        });
        lines[unit.line] = parts.join("");
      }
      const rewritten = `${lines.join("\n")}${sources}`;
      return { ...result, summary: rewritten, details: { ...result.details, engine: `${name} (${kept} of ${sentences.length} sentences restyled)` } };
    },
  };
}

/** The engine a service runs: the deterministic one, or the model over it when an endpoint and a model are configured. */
export function summaryEngineFromConfig(base: SummaryEngine, config: { summaryModelUrl?: string | undefined; summaryModel?: string | undefined; summaryModelKey?: string | undefined }): SummaryEngine {
  if (!config.summaryModelUrl || !config.summaryModel) return base;
  const provider = createOpenAICompatible({ name: "summary-style", baseURL: config.summaryModelUrl, ...(config.summaryModelKey ? { apiKey: config.summaryModelKey } : {}) });
  return createLanguageModelEngine({ base, model: provider(config.summaryModel), modelName: config.summaryModel });
}
