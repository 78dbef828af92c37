import type { Element, ElementContent, Root, RootContent } from "hast";
import { symbolHref } from "@/lib/symbols/symbol-href";

/** Characters a symbol may hold (SYMBOL_RE): a match must not sit inside a longer run of them. */
const SYMBOL_CHAR = "A-Z0-9&._-";

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A regexp matching any of the symbols as a whole token ("TCS" in "TCS," but not in "TCSL"); longest first. */
export function symbolPattern(symbols: readonly string[]): RegExp | null {
  const list = [...new Set(symbols.filter((s) => s.length > 0))].sort((a, b) => b.length - a.length);
  if (list.length === 0) return null;
  return new RegExp(`(?<![${SYMBOL_CHAR}])(${list.map(escapeRegExp).join("|")})(?![A-Z0-9&_-]|\\.[A-Z0-9])`, "g");
}

/** Splits a text into plain runs and symbol matches. */
export function splitSymbols(text: string, pattern: RegExp): { text: string; symbol: boolean }[] {
  const out: { text: string; symbol: boolean }[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const at = m.index;
    if (at > last) out.push({ text: text.slice(last, at), symbol: false });
    out.push({ text: m[0], symbol: true });
    last = at + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), symbol: false });
  return out;
}

function linkTo(symbol: string, hrefOf: (symbol: string) => string): Element {
  return {
    type: "element",
    tagName: "a",
    properties: { href: hrefOf(symbol), dataSymbol: symbol },
    children: [{ type: "text", value: symbol }],
  };
}

const SKIP = new Set(["a", "code", "pre"]);

function walk(children: (RootContent | ElementContent)[], pattern: RegExp, hrefOf: (s: string) => string): (RootContent | ElementContent)[] {
  const out: (RootContent | ElementContent)[] = [];
  for (const node of children) {
    if (node.type === "text") {
      const parts = splitSymbols(node.value, pattern);
      for (const p of parts) out.push(p.symbol ? linkTo(p.text, hrefOf) : { type: "text", value: p.text });
    } else if (node.type === "element" && !SKIP.has(node.tagName)) {
      node.children = walk(node.children, pattern, hrefOf) as ElementContent[];
      out.push(node);
    } else {
      out.push(node);
    }
  }
  return out;
}

/** A rehype plugin: every symbol of `symbols` in the text (outside links and code) becomes a link to its page. */
export function rehypeSymbolLinks(options: { symbols: readonly string[]; hrefOf?: (symbol: string) => string }) {
  const hrefOf = options.hrefOf ?? symbolHref;
  return (tree: Root) => {
    const pattern = symbolPattern(options.symbols);
    if (!pattern) return;
    tree.children = walk(tree.children, pattern, hrefOf) as RootContent[];
  };
}
