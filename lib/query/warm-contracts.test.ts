import { describe, expect, it } from "vitest";
import { warmInSteps } from "./warm-contracts";

/** An idle callback driven by the test: `fire()` runs the oldest waiting one. */
function manualIdle() {
  const waiting: { resolve: () => void; cancelled: boolean }[] = [];
  const idle = () => {
    let resolve = () => {};
    const done = new Promise<void>((r) => (resolve = r));
    const entry = { resolve, cancelled: false };
    waiting.push(entry);
    return { done, cancel: () => (entry.cancelled = true) };
  };
  const fire = async () => {
    const next = waiting.shift();
    if (next && !next.cancelled) next.resolve();
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { idle, fire, waiting };
}

describe("warmInSteps", () => {
  it("runs one step per idle period, in order", async () => {
    const ran: string[] = [];
    const { idle, fire } = manualIdle();
    warmInSteps(
      ["zod", "desk", "alpha"].map((name) => async () => void ran.push(name)),
      idle,
    );
    expect(ran).toEqual([]);
    await fire();
    expect(ran).toEqual(["zod"]);
    await fire();
    expect(ran).toEqual(["zod", "desk"]);
    await fire();
    expect(ran).toEqual(["zod", "desk", "alpha"]);
  });

  it("stops at a failed step and when stopped", async () => {
    const ran: string[] = [];
    const failing = manualIdle();
    warmInSteps(
      [
        async () => {
          throw new Error("chunk failed");
        },
        async () => void ran.push("after failure"),
      ],
      failing.idle,
    );
    await failing.fire();
    await failing.fire();
    expect(ran).toEqual([]);
    expect(failing.waiting).toHaveLength(0);

    const stopping = manualIdle();
    const stop = warmInSteps([async () => void ran.push("first"), async () => void ran.push("second")], stopping.idle);
    await stopping.fire();
    stop();
    await stopping.fire();
    expect(ran).toEqual(["first"]);
  });
});
