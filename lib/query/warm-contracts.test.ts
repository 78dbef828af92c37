import { describe, expect, it } from "vitest";
import { CONTRACT_WARM_STEPS, FIRST_INTERACTION_EVENTS, onFirstInteraction, startContractWarmUp, warmInSteps, warmOnFirstInteraction } from "./warm-contracts";

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

describe("warmOnFirstInteraction", () => {
  const steps = (ran: string[]) => ["zod", "desk", "alpha"].map((name) => async () => void ran.push(name));

  it("loads nothing while the page is only idle: the warm-up waits for the user", async () => {
    const ran: string[] = [];
    const target = new EventTarget();
    const { idle, fire, waiting } = manualIdle();
    warmOnFirstInteraction(target, steps(ran), idle);
    // The old warm-up asked for an idle callback at once and ran zod in it; now none is even asked for.
    expect(waiting).toHaveLength(0);
    await fire();
    await fire();
    expect(ran).toEqual([]);
  });

  it.each(FIRST_INTERACTION_EVENTS)("starts on the first %s, then one step per idle period, in order, once", async (type) => {
    const ran: string[] = [];
    const target = new EventTarget();
    const { idle, fire, waiting } = manualIdle();
    warmOnFirstInteraction(target, steps(ran), idle);
    target.dispatchEvent(new Event(type));
    // Not inside the event itself: the first step waits for idle time too.
    expect(ran).toEqual([]);
    expect(waiting).toHaveLength(1);
    await fire();
    expect(ran).toEqual(["zod"]);
    // More interactions do not start a second warm-up.
    for (const other of FIRST_INTERACTION_EVENTS) target.dispatchEvent(new Event(other));
    expect(waiting).toHaveLength(1);
    await fire();
    await fire();
    expect(ran).toEqual(["zod", "desk", "alpha"]);
    expect(waiting).toHaveLength(0);
  });

  it("ignores events that are not a person's (scroll, load, visibility)", async () => {
    const ran: string[] = [];
    const target = new EventTarget();
    const { idle, waiting } = manualIdle();
    warmOnFirstInteraction(target, steps(ran), idle);
    for (const type of ["scroll", "load", "visibilitychange", "resize"]) target.dispatchEvent(new Event(type));
    expect(waiting).toHaveLength(0);
  });

  it("stops before the first interaction (no listener left) and in the middle of the steps", async () => {
    const ran: string[] = [];
    const target = new EventTarget();
    const before = manualIdle();
    warmOnFirstInteraction(target, steps(ran), before.idle)();
    target.dispatchEvent(new Event("pointerdown"));
    expect(before.waiting).toHaveLength(0);

    const during = manualIdle();
    const stop = warmOnFirstInteraction(target, steps(ran), during.idle);
    target.dispatchEvent(new Event("keydown"));
    await during.fire();
    stop();
    await during.fire();
    await during.fire();
    expect(ran).toEqual(["zod"]);
  });
});

describe("onFirstInteraction", () => {
  it("runs once and removes its listeners", () => {
    const target = new EventTarget();
    const removed: string[] = [];
    const remove = target.removeEventListener.bind(target);
    target.removeEventListener = (type, ...rest) => {
      removed.push(type);
      remove(type, ...rest);
    };
    let runs = 0;
    onFirstInteraction(target, () => runs++);
    target.dispatchEvent(new Event("touchstart"));
    target.dispatchEvent(new Event("pointerdown"));
    expect(runs).toBe(1);
    expect(removed.sort()).toEqual([...FIRST_INTERACTION_EVENTS].sort());
  });
});

describe("startContractWarmUp (what every desk page runs)", () => {
  it("keeps the three steps apart, and asks for no idle time before the first interaction", async () => {
    expect(CONTRACT_WARM_STEPS).toHaveLength(3);
    const target = new EventTarget();
    const { idle, waiting } = manualIdle();
    const stop = startContractWarmUp(target, idle);
    expect(waiting).toHaveLength(0);
    target.dispatchEvent(new Event("pointermove"));
    expect(waiting).toHaveLength(1);
    stop();
  });
});
