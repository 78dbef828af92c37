/**
 * The one way to write a symbol page's URL, and to read it back. No zod here: every card and table links to symbol
 * pages, so this reaches the first load of nearly every desk page (lib/symbols/directory.ts re-exports it).
 */

/** `/symbols/M%26M`: every symbol page link goes through here, so `&` and other reserved characters survive. */
export function symbolHref(symbol: string): string {
  return `/symbols/${encodeURIComponent(symbol.trim().toUpperCase())}`;
}

/** The symbol a page URL segment names (Next.js may hand it over still encoded; a bad escape is kept as typed). */
export function symbolFromSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    decoded = segment;
  }
  return decoded.trim().toUpperCase();
}
