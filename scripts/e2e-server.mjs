// The server the Playwright suite runs against: the production build of the desk on 127.0.0.1.
import { spawn } from "node:child_process";

const port = process.env.E2E_PORT ?? "3100";
const child = spawn("npx", ["next", "start", "-H", "127.0.0.1", "-p", port], {
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
const stop = () => child.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code) => process.exit(code ?? 0));
