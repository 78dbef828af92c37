import { afterAll, beforeAll } from "vitest";
import { hostedClientSuite, startHostedClientService } from "../test/support/hosted-client-table";

/* The hosted client's table (test/support/hosted-client-table.ts), every row against the real service over HTTP. */
let started: Awaited<ReturnType<typeof startHostedClientService>>;

beforeAll(async () => {
  started = await startHostedClientService();
});
afterAll(async () => {
  await started.close();
});

hostedClientSuite({
  baseUrl: () => started.running.url,
  key: () => started.key,
  limitedKey: () => started.sandboxKey,
  service: () => started.running,
  ids: () => started.ids,
});
