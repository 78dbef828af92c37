import { describe, expect, it } from "vitest";
import { companies } from "./companies";
import { createRng } from "./rng";
import { baseQuarterFinancials, buildConcall, buildEarnings, formatCrore, nextYearQuarter } from "./rows";
import { buildRecordingWav, buildTranscript, recordingSecondsFor } from "./transcripts";

const words = (t: string) => t.split(/\s+/).filter((w) => w.length > 0).length;
const pickCompany = (symbol: string) => {
  const c = companies.find((x) => x.symbol === symbol) ?? companies[0];
  if (!c) throw new Error("no companies");
  return c;
};

describe("buildTranscript", () => {
  it("is deterministic from the call row and reads like a call", () => {
    const company = pickCompany("TCS");
    const call = { id: `cc_${Math.random().toString(16).slice(2)}`, symbol: company.symbol, quarter: "q2_27", meeting_date: "2026-10-09T13:30:00Z" };
    const text = buildTranscript(call, company);
    expect(buildTranscript(call, company)).toBe(text);
    expect(buildTranscript({ ...call, id: `${call.id}x` }, company)).not.toBe(text);
    expect(text.startsWith(company.companyName)).toBe(true);
    expect(text).toContain("Q2 FY27 Earnings Conference Call");
    expect(text).toMatch(/^Moderator: /m);
    const exchanges = (text.match(/^Moderator: .*(question is from the line of|question from the line of)/gm) ?? []).length;
    expect(exchanges).toBeGreaterThanOrEqual(6);
    // A short call takes more questions to reach a call's length: up to 14, as real calls often do.
    expect(exchanges).toBeLessThanOrEqual(14);
    expect(text).toMatch(/disconnect your lines/);
    expect(text).not.toMatch(/\{[a-zA-Z]+\}|undefined|NaN/);
  });

  it("runs 2,000 to 5,000 words for many calls and companies", () => {
    const rng = createRng(`tx-${Math.random()}`);
    for (let i = 0; i < 40; i++) {
      const company = rng.pick(companies);
      const text = buildTranscript({ id: `cc_${rng.uint32().toString(16)}`, symbol: company.symbol, quarter: rng.pick(["q1_27", "q2_27", "q4_26"]), meeting_date: "2026-08-12T11:00:00Z" }, company);
      expect(words(text), company.symbol).toBeGreaterThanOrEqual(2_000);
      expect(words(text), company.symbol).toBeLessThanOrEqual(5_000);
    }
  });

  it("quotes the quarter's numbers when given the filing", () => {
    const company = pickCompany("HDFCBANK");
    const rng = createRng(`tx-num-${Math.random()}`);
    const yearAgo = baseQuarterFinancials(rng, company, "q2_26", 1);
    const previous = baseQuarterFinancials(rng, company, "q1_27", 0.25);
    const current = nextYearQuarter(rng, company, yearAgo, "q2_27", "positive");
    const at = Date.parse("2026-10-18T16:00:00+05:30");
    const { row } = buildEarnings(rng, company, at, { quarter: "q2_27", current, previous, yearAgo });
    const call = buildConcall(rng, company, { quarter: "q2_27", meetingMs: at + 86_400_000, intimationMs: at - 5 * 86_400_000, nowMs: at + 5 * 86_400_000 });
    const text = buildTranscript(call, company, row);
    expect(text).toContain(formatCrore(current.revenue, true));
    expect(text).toContain(formatCrore(current.pat, true));
  });
});

describe("buildRecordingWav", () => {
  it("is a valid mono 4 kHz 8-bit WAV, deterministic per call, as long as asked", () => {
    const id = `cc_${Math.random().toString(16).slice(2)}`;
    const wav = buildRecordingWav(id);
    expect(buildRecordingWav(id).equals(wav)).toBe(true);
    expect(buildRecordingWav(`${id}x`).equals(wav)).toBe(false);
    expect(wav.toString("ascii", 0, 4)).toBe("RIFF");
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString("ascii", 8, 12)).toBe("WAVE");
    expect(wav.toString("ascii", 12, 16)).toBe("fmt ");
    expect(wav.readUInt32LE(16)).toBe(16);
    expect(wav.readUInt16LE(20)).toBe(1);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(4_000);
    expect(wav.readUInt32LE(28)).toBe(4_000);
    expect(wav.readUInt16LE(32)).toBe(1);
    expect(wav.readUInt16LE(34)).toBe(8);
    expect(wav.toString("ascii", 36, 40)).toBe("data");
    expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
    expect(wav.length).toBe(44 + 4 * 4_000);
    // Soft: no sample near full scale, and not silence.
    let peak = 0;
    for (let i = 44; i < wav.length; i++) peak = Math.max(peak, Math.abs((wav[i] ?? 128) - 128));
    expect(peak).toBeGreaterThan(8);
    expect(peak).toBeLessThan(64);
    expect(buildRecordingWav(id, 900).length).toBe(44 + 900 * 4_000);
  });

  it("a call's recording lasts as long as its transcript takes to say", () => {
    expect(recordingSecondsFor(Array.from({ length: 2_250 }, () => "word").join(" "))).toBe(900);
  });
});
