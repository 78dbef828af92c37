import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** The folders whose source can hand class names to `cn` (lib/utils.ts). */
export const CLASS_SOURCE_DIRS = ["app", "components", "lib"];

/** The generated config itself: its strings are tailwind-merge's class-group values, not classes. */
const GENERATED = path.join("lib", "cn-config.ts");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts"))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => !file.endsWith(GENERATED));
}

/**
 * Every whitespace-separated token of every string literal (and template literal part) in the sources: a superset of
 * the class names the code can pass to `cn`. Words that are not classes are harmless: neither merge knows them.
 */
export function collectClassTokens(root: string, dirs: string[] = CLASS_SOURCE_DIRS): string[] {
  const tokens = new Set<string>();
  for (const dir of dirs) {
    for (const file of sourceFiles(path.join(root, dir))) {
      const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
      const visit = (node: ts.Node) => {
        if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) || ts.isJsxText(node)) {
          for (const t of node.text.split(/\s+/)) if (t) tokens.add(t);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return [...tokens].sort();
}

/** A class's variants (`md`, `[&_svg]`) and its base, split at the colons outside brackets and parentheses. */
function splitVariants(token: string): { variants: string[]; base: string } {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < token.length; i++) {
    const c = token[i];
    if (c === "[" || c === "(") depth++;
    else if (c === "]" || c === ")") depth--;
    else if (c === ":" && depth === 0) {
      variants.push(token.slice(start, i));
      start = i + 1;
    }
  }
  return { variants, base: token.slice(start) };
}

/**
 * The part of a class that decides whether two classes can conflict at all besides their group: its variants
 * (sorted, as tailwind-merge compares them) and the important flag. Classes with different keys never conflict.
 */
export function modifierKey(token: string): string {
  const { variants, base } = splitVariants(token);
  const important = base.startsWith("!") || base.endsWith("!");
  return `${variants.sort().join(":")}|${important ? "!" : ""}`;
}

/**
 * Whether a class is an arbitrary property (`[clip-path:inset(0)]`, `md:[mask-type:alpha]`): tailwind-merge folds such
 * a class's duplicate under any config, so it cannot tell which class group is in use and the generator skips it.
 */
export function isArbitraryProperty(token: string): boolean {
  return /^!?\[[a-zA-Z-]+:.+\]!?$/.test(splitVariants(token).base);
}
