// After `npm ci`: keeps the better-sqlite3 binary this machine just built in prebuild-install's download cache
// (npm's cache folder, `_prebuilds/`), under the name of the release asset for this Node ABI, platform and arch. The
// next `npm ci` here unpacks it instead of compiling SQLite again; the install still loads the binary before taking
// it and compiles when that fails. A machine without the entry downloads the release asset or compiles, as always.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const pkgDir = join(process.cwd(), "node_modules", "better-sqlite3");
const binary = join("build", "Release", "better_sqlite3.node");
if (!existsSync(join(pkgDir, binary))) process.exit(0);

process.env.npm_config_cache ??= execFileSync("npm", ["config", "get", "cache"], { encoding: "utf8" }).trim();
const require = createRequire(join(pkgDir, "package.json"));
const pkg = require("./package.json");
const util = require("prebuild-install/util");
const rc = require("prebuild-install/rc")(pkg);
const cached = util.cachedPrebuild(util.getDownloadUrl({ ...rc, pkg }));
if (existsSync(cached)) process.exit(0);

mkdirSync(dirname(cached), { recursive: true });
const partial = `${cached}.${process.pid}.tmp`;
execFileSync("tar", ["-czf", partial, "-C", pkgDir, binary]);
renameSync(partial, cached);
console.log(`kept the better-sqlite3 binary for the next install: ${cached}`);
