/**
 * A concall transcript for reading: the cover lines (company, call, participants) and the speaker turns, plus the
 * search helpers of the reader. Plain text in, plain data out, so it is tested without a browser.
 */

export interface Turn {
  speaker: string;
  /** The speaker's role when the cover lists it ("Chief Financial Officer"), else null. */
  role: string | null;
  paragraphs: string[];
}

export interface TranscriptDoc {
  cover: string[];
  turns: Turn[];
}

/** "Name: text" opens a turn; an all-caps label ("MANAGEMENT:", "MODERATOR: …") belongs to the cover. */
const TURN_RE = /^([A-Z][\p{L}.'’\- ]{0,60}?):\s+(\S.*)$/u;
/** "Name – Role" (en dash, em dash or hyphen) lines of the cover. */
const ROLE_RE = /^(?:MODERATOR:\s*)?([A-Z][\p{L}.'’ ]{1,60}?)\s+[–—-]\s+(.+)$/u;

/** A person's name or "Moderator": one to five capitalised words, not an all-caps heading nor a sentence. */
function isSpeakerLabel(name: string): boolean {
  const words = name.trim().split(/\s+/);
  return /\p{Ll}/u.test(name) && words.length <= 5 && words.every((w) => /^[\p{Lu}][\p{L}.'’-]*$/u.test(w));
}

/** "…from the line of Ananya Rao from Nomura India." names an analyst before they speak. */
const ANALYST_RE = /line of ([\p{Lu}][\p{L}.'’ ]{1,60}?) (?:from|with) (?:the )?([^.]{2,80}?)\.(?:\s|$)/gu;

export function parseTranscript(text: string): TranscriptDoc {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const cover: string[] = [];
  const turns: Turn[] = [];
  const roles = new Map<string, string>();
  let current: Turn | null = null;

  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    const turn = TURN_RE.exec(line);
    if (turn && isSpeakerLabel(turn[1] ?? "")) {
      const speaker = (turn[1] ?? "").trim();
      current = { speaker, role: roles.get(speaker) ?? null, paragraphs: [turn[2] ?? ""] };
      turns.push(current);
      for (const m of (turn[2] ?? "").matchAll(ANALYST_RE)) if (m[1] && m[2] && !roles.has(m[1])) roles.set(m[1].trim(), m[2].trim());
      continue;
    }
    if (current) {
      current.paragraphs.push(line);
      continue;
    }
    cover.push(line);
    const role = ROLE_RE.exec(line);
    if (role?.[1] && role[2]) roles.set(role[1].trim(), role[2].trim());
  }
  return { cover, turns };
}

export interface Segment {
  text: string;
  match: boolean;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A case-insensitive matcher for what the user typed; null for a query too short to search. */
export function searchPattern(query: string): RegExp | null {
  const q = query.trim();
  if (q.length < 2) return null;
  return new RegExp(escapeRegExp(q), "gi");
}

/** Splits text into plain and matching pieces, in order; no pattern gives the text as one piece. */
export function splitMatches(text: string, pattern: RegExp | null): Segment[] {
  if (!pattern) return [{ text, match: false }];
  const out: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`))) {
    const at = m.index ?? 0;
    if (at > last) out.push({ text: text.slice(last, at), match: false });
    out.push({ text: m[0], match: true });
    last = at + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), match: false });
  return out.length ? out : [{ text, match: false }];
}

/** Matches in reading order: the cover, then each turn's speaker and paragraphs (the reader renders the same order). */
export function countMatches(doc: TranscriptDoc, pattern: RegExp | null): number {
  if (!pattern) return 0;
  let n = 0;
  const count = (s: string) => {
    n += splitMatches(s, pattern).filter((seg) => seg.match).length;
  };
  doc.cover.forEach(count);
  for (const t of doc.turns) {
    count(t.speaker);
    t.paragraphs.forEach(count);
  }
  return n;
}

/** A piece of text with, for a match, its number in reading order. */
export interface IndexedSegment {
  text: string;
  /** The match's index over the whole transcript, or null for plain text. */
  match: number | null;
}

export interface HighlightedDoc {
  cover: IndexedSegment[][];
  turns: { speaker: IndexedSegment[]; role: string | null; paragraphs: IndexedSegment[][] }[];
  total: number;
}

/** The transcript split for rendering: every match numbered in reading order (cover, then speaker and paragraphs). */
export function highlightDoc(doc: TranscriptDoc, pattern: RegExp | null): HighlightedDoc {
  let n = 0;
  const split = (text: string): IndexedSegment[] => splitMatches(text, pattern).map((seg) => ({ text: seg.text, match: seg.match ? n++ : null }));
  const cover = doc.cover.map(split);
  const turns = doc.turns.map((t) => ({ speaker: split(t.speaker), role: t.role, paragraphs: t.paragraphs.map(split) }));
  return { cover, turns, total: n };
}

/** The next match index going forward or back, wrapping around. */
export function stepMatch(current: number, total: number, direction: 1 | -1): number {
  if (total <= 0) return 0;
  return (((current + direction) % total) + total) % total;
}
