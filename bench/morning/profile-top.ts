/**
 * The top self-time functions of V8 CPU profiles (`--cpu-prof`): every .cpuprofile in a folder, merged, each
 * function named with its file (node_modules paths shortened to the package) and its share of all samples.
 *   npx tsx bench/morning/profile-top.ts <folder> [count]
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a function lives: its package for node_modules, else the path from the repository's root. */
function place(url: string): string {
  const path = url.replace(/^file:\/\//, "");
  const nm = path.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = path.slice(nm + "node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const at = path.search(/\/(app|lib|service|scripts|bench|components|\.next[^/]*)\//);
  return at >= 0 ? path.slice(at + 1) : path || "(native)";
}

export function profileTop(folder: string, count = 15): string {
  if (!existsSync(folder)) return "(no profiles)";
  const selfMs = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let totalMs = 0;
  for (const file of readdirSync(folder).filter((f) => f.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(join(folder, file), "utf8")) as Profile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const node = byId.get(id);
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      if (!node || ms <= 0) return;
      const name = node.callFrame.functionName || "(anonymous)";
      if (name === "(idle)" || name === "(program)") return;
      const key = `${name} — ${place(node.callFrame.url)}${node.callFrame.url ? `:${node.callFrame.lineNumber + 1}` : ""}`;
      selfMs.set(key, (selfMs.get(key) ?? 0) + ms);
      const where = node.callFrame.url ? place(node.callFrame.url).replace(/(\.next[^/]*\/server\/chunks)\/.*/, "$1").replace(/^node:.*/, "node:*") : name.startsWith("(") ? name : "(native)";
      byPlace.set(where, (byPlace.get(where) ?? 0) + ms);
      totalMs += ms;
    });
  }
  const rows = [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, count);
  const places = [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 8);
  return [
    `by where: ${places.map(([k, ms]) => `${k} ${((ms / Math.max(1, totalMs)) * 100).toFixed(0)}%`).join(", ")}`,
    "",
    `busy ${Math.round(totalMs)} ms sampled (idle left out)`,
    "| self ms | share | function — where |",
    "|---|---|---|",
    ...rows.map(([k, ms]) => `| ${Math.round(ms)} | ${((ms / Math.max(1, totalMs)) * 100).toFixed(1)}% | ${k.replace(/\|/g, "\\|")} |`),
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [folder, count] = process.argv.slice(2);
  if (!folder) throw new Error("usage: profile-top.ts <folder> [count]");
  console.log(profileTop(folder, Number(count ?? 15)));
}
