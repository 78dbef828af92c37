import { describe, expect, it } from "vitest";
import { countMatches, highlightDoc, parseTranscript, searchPattern, splitMatches, stepMatch } from "./transcript";

const SAMPLE = `Karur Vysya Bank Ltd.
Q2 FY27 Earnings Conference Call
November 13, 2026, 5:00 PM IST

MANAGEMENT:
Yash Gupta – Chairman & Managing Director
Vivek Trivedi – Group Chief Financial Officer

MODERATOR: Srinivas Singh – Equirus Securities

Moderator: Good evening, ladies and gentlemen. I now hand over to Yash Gupta.

Yash Gupta: Thank you, and good day to everyone on the call.

Margins improved this quarter. Our margin guidance stays.

Vivek Trivedi: Thank you. Net profit was ₹405 crore, up 16.2% year-on-year.
To put numbers to it: margin was 45.4%.

Moderator: Thank you. The first question is from the line of Ananya Rao from Nomura India.

Ananya Rao: Could you talk about deposits?`;

describe("parseTranscript", () => {
  it("keeps the cover apart and reads speaker turns with their paragraphs", () => {
    const doc = parseTranscript(SAMPLE);
    expect(doc.cover[0]).toBe("Karur Vysya Bank Ltd.");
    expect(doc.cover).toContain("MANAGEMENT:");
    expect(doc.cover).toContain("MODERATOR: Srinivas Singh – Equirus Securities");
    expect(doc.turns.map((t) => t.speaker)).toEqual(["Moderator", "Yash Gupta", "Vivek Trivedi", "Moderator", "Ananya Rao"]);
    // A sentence with a colon stays in its speaker's turn.
    expect(doc.turns[2]?.paragraphs[1]).toBe("To put numbers to it: margin was 45.4%.");
    expect(doc.turns[1]?.paragraphs).toEqual(["Thank you, and good day to everyone on the call.", "Margins improved this quarter. Our margin guidance stays."]);
  });

  it("names each speaker's role from the cover", () => {
    const doc = parseTranscript(SAMPLE);
    expect(doc.turns[1]?.role).toBe("Chairman & Managing Director");
    expect(doc.turns[2]?.role).toBe("Group Chief Financial Officer");
    expect(doc.turns[0]?.role).toBeNull();
    expect(doc.turns[4]?.role).toBe("Nomura India");
  });

  it("treats text without speakers as cover only", () => {
    expect(parseTranscript("Just a line\nand another").turns).toEqual([]);
  });
});

describe("transcript search", () => {
  it("splits text into plain and highlighted pieces, case-insensitively", () => {
    const segs = splitMatches("Margins improved. Our margin guidance", searchPattern("margin"));
    expect(segs.filter((s) => s.match).map((s) => s.text)).toEqual(["Margin", "margin"]);
    expect(segs.map((s) => s.text).join("")).toBe("Margins improved. Our margin guidance");
  });

  it("escapes what the user typed and ignores one-letter queries", () => {
    expect(splitMatches("up 16.2% (YoY)", searchPattern("(YoY)")).filter((s) => s.match)).toHaveLength(1);
    expect(searchPattern("a")).toBeNull();
    expect(splitMatches("text", null)).toEqual([{ text: "text", match: false }]);
  });

  it("counts matches over cover and turns, and steps through them with wrap-around", () => {
    const doc = parseTranscript(SAMPLE);
    expect(countMatches(doc, searchPattern("margin"))).toBe(3);
    expect(countMatches(doc, searchPattern("Vivek"))).toBe(2);
    expect(stepMatch(0, 3, 1)).toBe(1);
    expect(stepMatch(2, 3, 1)).toBe(0);
    expect(stepMatch(0, 3, -1)).toBe(2);
    expect(stepMatch(0, 0, 1)).toBe(0);
  });
});

describe("highlightDoc", () => {
  it("numbers matches in reading order and agrees with countMatches", () => {
    const doc = parseTranscript(SAMPLE);
    const pattern = searchPattern("thank you");
    const h = highlightDoc(doc, pattern);
    expect(h.total).toBe(countMatches(doc, pattern));
    const numbers = [...h.cover.flat(), ...h.turns.flatMap((t) => [...t.speaker, ...t.paragraphs.flat()])].filter((s) => s.match !== null).map((s) => s.match);
    expect(numbers).toEqual([0, 1, 2]);
  });
});
