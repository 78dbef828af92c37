import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/lib/chromium/chromium-headless-shell", args: (process.env.FLAGS||"--no-sandbox --disable-gpu --disable-dev-shm-usage").split(" ") });
async function run(label, fn) { const t = Date.now(); await fn(); console.log(label, Date.now() - t, "ms"); }
await run("10 contexts + blank page", async () => { for (let i = 0; i < 10; i++) { const c = await b.newContext(); const p = await c.newPage(); await p.goto("about:blank"); await c.close(); } });
await run("10 contexts + /sign-in", async () => { for (let i = 0; i < 10; i++) { const c = await b.newContext(); const p = await c.newPage(); await p.goto("http://127.0.0.1:3160/sign-in"); await p.locator("h1").first().waitFor(); await c.close(); } });
const c = await b.newContext({ storageState: "e2e/.auth/admin.json" }); const p = await c.newPage();
await run("10 navs /usage same context", async () => { for (let i = 0; i < 10; i++) { await p.goto("http://127.0.0.1:3160/usage"); await p.locator("h1").first().waitFor(); } });
await run("10 contexts /usage", async () => { for (let i = 0; i < 10; i++) { const c = await b.newContext({ storageState: "e2e/.auth/admin.json" }); const p = await c.newPage(); await p.goto("http://127.0.0.1:3160/usage"); await p.locator("h1").first().waitFor(); await c.close(); } });
await b.close();
