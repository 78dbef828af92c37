/**
 * Who calls a function in V8 CPU profiles: every .cpuprofile in a folder, each sample whose stack holds a frame named
 * `name` (function name, optionally `name@file-part`), grouped by the chain of callers above it (build frames named
 * through their source maps, as profile-top.ts does).
 *   npx tsx bench/morning/callers.ts <folder> <name> [depth]
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { frameName } from "./profile-top";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

const [folder, wanted, depthArg] = process.argv.slice(2);
if (!folder || !wanted) throw new Error("usage: callers.ts <folder> <name> [depth]");
const depth = Number(depthArg ?? 8);
const [fnWanted, fileWanted] = wanted.split("@");
const chains = new Map<string, number>();
let total = 0;
let hit = 0;
for (const file of readdirSync(folder).filter((f) => f.endsWith(".cpuprofile"))) {
  const profile = JSON.parse(readFileSync(join(folder, file), "utf8")) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const names = new Map<number, string>();
  const nameOf = (n: ProfileNode) => names.get(n.id) ?? names.set(n.id, frameName(n.callFrame)).get(n.id)!;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(id);
    if (!node || ms <= 0 || node.callFrame.functionName === "(idle)" || node.callFrame.functionName === "(program)") return;
    total += ms;
    const stack: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(nameOf(byId.get(at)!));
    const k = stack.findIndex((s) => (s === fnWanted || s.startsWith(`${fnWanted} —`)) && (!fileWanted || s.includes(fileWanted)));
    if (k < 0) return;
    hit += ms;
    const chain = stack.slice(k, k + depth).join("  <  ");
    chains.set(chain, (chains.get(chain) ?? 0) + ms);
  });
}
console.log(`${wanted}: ${Math.round(hit)} ms of ${Math.round(total)} ms busy (${((hit / total) * 100).toFixed(1)}%)`);
for (const [chain, ms] of [...chains].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`${Math.round(ms)} ms  ${chain}`);
