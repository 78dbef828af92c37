import { afterEach, expect, it } from "vitest";
import { createRng } from "../dataset/rng";
import { createTestAccount } from "../../test/support/service";
import { CLOSE_SLOW_CONSUMER } from "./protocol";
import type { StreamStack } from "../../test/support/service-streams";
import { recordSample, startStreamStack, TestClient, waitFor } from "../../test/support/service-streams";

let stack: StreamStack | undefined;
afterEach(async () => {
  await stack?.close();
});

it("cuts off a client that stops reading (close 1008 with a reason) while the others keep receiving", async () => {
  stack = await startStreamStack({ attach: { maxBufferedBytes: 64 * 1024 } });
  const s = stack;
  const { key } = createTestAccount(s.service.ctx);
  const slow = await TestClient.connect(s.wsUrl, key);
  const fast = await TestClient.connect(s.wsUrl, key);
  for (const client of [slow, fast]) {
    client.subscribe("concalls", []);
    await client.next((f) => f.status === "subscribed");
  }
  // Stop reading: the kernel buffers fill first, then the server's own queue, which is bounded.
  slow.ws.pause();

  const rng = createRng("slow-consumer");
  const company = s.companies[0];
  if (!company) throw new Error("no company");
  const stored: string[] = [];
  await waitFor(
    () => {
      for (let i = 0; i < 20; i++) stored.push(recordSample(s.service.ctx, "concalls", rng, company, s.clock.now().getTime()).id);
      return s.streams.stats().slowConsumersCut === 1 ? true : undefined;
    },
    "the slow consumer to be cut off",
    20_000,
  );
  expect(s.streams.stats().connections).toBe(1);

  // The reader that kept up still gets everything, including rows stored after the cut-off.
  const after = recordSample(s.service.ctx, "concalls", rng, company, s.clock.now().getTime()).id;
  stored.push(after);
  await waitFor(() => (fast.data("concalls").length === stored.length ? true : undefined), "every frame on the fast client", 20_000);
  expect(fast.data("concalls").map((d) => d.id)).toEqual(stored);

  // Once it reads again, the slow client finds the close frame behind what was already queued.
  slow.ws.resume();
  const closed = await slow.waitClosed();
  expect(closed.code).toBe(CLOSE_SLOW_CONSUMER);
  expect(closed.reason).toMatch(/slow consumer/);
  expect(slow.data("concalls").length).toBeLessThan(stored.length);
  fast.close();
});

it("destroys a socket that stops answering pings (a peer gone without a FIN)", async () => {
  stack = await startStreamStack({ attach: { pingIntervalMs: 250 } });
  const { key } = createTestAccount(stack.service.ctx);
  const alive = await TestClient.connect(stack.wsUrl, key);
  const gone = await TestClient.connect(stack.wsUrl, key);
  gone.ws.pause(); // reads nothing, so answers no ping
  await waitFor(() => (stack?.streams.stats().connections === 1 ? true : undefined), "the silent peer to be dropped");
  expect(alive.closed).toBeNull();
  alive.close();
});

it("keeps a publish failure away from the writer that stored the row", async () => {
  const errors: string[] = [];
  stack = await startStreamStack({
    attach: {
      loadRow: () => {
        throw new Error("mapper broke");
      },
      logError: (e) => errors.push(e.msg),
    },
  });
  const s = stack;
  const { key } = createTestAccount(s.service.ctx);
  const client = await TestClient.connect(s.wsUrl, key);
  client.subscribe("alerts", []);
  await client.next((f) => f.status === "subscribed");
  const company = s.companies[0];
  if (!company) throw new Error("no company");
  const row = recordSample(s.service.ctx, "alerts", createRng("publish-failure"), company, s.clock.now().getTime());
  expect(s.service.db.prepare("SELECT id FROM alerts WHERE id = ?").get(row.id)).toBeTruthy();
  expect(errors).toEqual([`publishing alerts ${row.id} failed`]);
  client.close();
});
