/**
 * The verb-signature rule for lib/server, checked by lib/server/verbs.test.ts with the TypeScript compiler API:
 * an exported function never takes the DeskContext as a positional or optional parameter (verbs take one object
 * `{ ctx, user, input }` with ctx required), and only the edges (core/, http/, routes/, identity/auth.ts) call getDeskContext.
 * Pure helpers (no ctx) stay plain functions. A test harness: never imported by the running desk.
 */
import ts from "typescript";

export interface VerbViolation {
  file: string;
  line: number;
  name: string;
  rule: "positional-ctx" | "optional-ctx" | "getDeskContext-outside-edge";
  detail: string;
}

/** Files allowed to obtain the process context themselves. */
export function isContextEdge(file: string): boolean {
  const f = file.replace(/\\/g, "/");
  return /(^|\/)lib\/server\/(core|http|routes)\//.test(f) || /(^|\/)lib\/server\/identity\/auth\.ts$/.test(f);
}

/** The type is the DeskContext itself (or a union holding it): the context passed as a plain parameter. */
function isDeskContextType(node: ts.TypeNode | undefined): boolean {
  if (!node) return false;
  if (ts.isTypeReferenceNode(node)) return ts.isIdentifier(node.typeName) && node.typeName.text === "DeskContext";
  if (ts.isUnionTypeNode(node)) return node.types.some(isDeskContextType);
  if (ts.isParenthesizedTypeNode(node)) return isDeskContextType(node.type);
  return false;
}

/** Members of an inline object type that declare `ctx`, and whether any of them is optional. */
function ctxMember(node: ts.TypeNode | undefined): "none" | "required" | "optional" {
  if (!node || !ts.isTypeLiteralNode(node)) return "none";
  for (const member of node.members) {
    if (ts.isPropertySignature(member) && ts.isIdentifier(member.name) && member.name.text === "ctx") return member.questionToken ? "optional" : "required";
  }
  return "none";
}

function isExported(node: ts.Node): boolean {
  return (ts.getCombinedModifierFlags(node as ts.Declaration) & ts.ModifierFlags.Export) !== 0;
}

function checkParameters(
  name: string,
  params: readonly ts.ParameterDeclaration[],
  source: ts.SourceFile,
  file: string,
  out: VerbViolation[],
): void {
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  params.forEach((param, index) => {
    const line = lineOf(param);
    if (ts.isIdentifier(param.name) && (param.name.text === "ctx" || isDeskContextType(param.type))) {
      out.push({ file, line, name, rule: "positional-ctx", detail: `parameter ${index + 1} (${param.name.text}) carries the DeskContext positionally` });
      return;
    }
    let carriesCtx = ctxMember(param.type) !== "none";
    if (ctxMember(param.type) === "optional") out.push({ file, line, name, rule: "optional-ctx", detail: "ctx is optional (ctx?:) in the verb object" });
    if (ts.isObjectBindingPattern(param.name)) {
      for (const element of param.name.elements) {
        const key = element.propertyName ?? element.name;
        if (!ts.isIdentifier(key) || key.text !== "ctx") continue;
        carriesCtx = true;
        if (element.initializer) out.push({ file, line, name, rule: "optional-ctx", detail: "ctx has a default value in the verb object" });
      }
    }
    if (carriesCtx && param.initializer) out.push({ file, line, name, rule: "optional-ctx", detail: "the verb object has a default, so ctx can be left out" });
    if (carriesCtx && params.length > 1) {
      out.push({ file, line, name, rule: "positional-ctx", detail: "a verb takes one object: the other parameters belong inside it" });
    }
  });
}

/** Checks one module's text; `file` is its path (decides whether it is an edge). */
export function checkVerbSource(file: string, text: string): VerbViolation[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: VerbViolation[] = [];
  const optionalCtxTypes = new Set<string>();
  // Interfaces/type aliases in this module that declare `ctx?:` — a verb taking one of them has an optional ctx.
  source.forEachChild((node) => {
    if ((ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && node.name) {
      const members = ts.isInterfaceDeclaration(node) ? node.members : ts.isTypeLiteralNode(node.type) ? node.type.members : undefined;
      for (const member of members ?? []) {
        if (ts.isPropertySignature(member) && ts.isIdentifier(member.name) && member.name.text === "ctx" && member.questionToken) optionalCtxTypes.add(node.name.text);
      }
    }
  });
  const edge = isContextEdge(file);
  const visitFunction = (name: string, fn: ts.SignatureDeclarationBase) => {
    const found: VerbViolation[] = [];
    checkParameters(name, fn.parameters, source, file, found);
    // An edge may take an optional context (the route wrappers' test hook): it falls back to the process one.
    out.push(...found.filter((v) => !edge || v.rule !== "optional-ctx"));
    if (edge) return;
    for (const param of fn.parameters) {
      if (param.type && ts.isTypeReferenceNode(param.type) && ts.isIdentifier(param.type.typeName) && optionalCtxTypes.has(param.type.typeName.text)) {
        const line = source.getLineAndCharacterOfPosition(param.getStart(source)).line + 1;
        out.push({ file, line, name, rule: "optional-ctx", detail: `takes ${param.type.typeName.text}, whose ctx is optional` });
      }
    }
  };
  source.forEachChild((node) => {
    if (ts.isFunctionDeclaration(node) && node.name && isExported(node)) visitFunction(node.name.text, node);
    if (ts.isVariableStatement(node) && isExported(node)) {
      for (const decl of node.declarationList.declarations) {
        const init = decl.initializer;
        if (init && ts.isIdentifier(decl.name) && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) visitFunction(decl.name.text, init);
      }
    }
  });
  if (!edge) {
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "getDeskContext") {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        out.push({ file, line, name: "getDeskContext", rule: "getDeskContext-outside-edge", detail: "only core/, http/, routes/ and identity/auth.ts obtain the process context" });
      }
      node.forEachChild(visit);
    };
    visit(source);
  }
  return out;
}
