import { expect, vi } from "vitest";

/**
 * A stand-in for the browser's EventSource in unit tests (stub it with `vi.stubGlobal("EventSource", FakeEventSource)`):
 * records every stream opened and lets the test send it events (a string as it is, anything else as JSON).
 */
export class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, ((event: Event) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  send(type: string, data: unknown) {
    const event = new MessageEvent(type, { data: typeof data === "string" ? data : JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

/** Stubs EventSource and runs `open`: what it returned, and the one stream opened meanwhile. */
export async function streamOpenedBy<T>(open: () => T): Promise<{ source: FakeEventSource; opened: T }> {
  vi.stubGlobal("EventSource", FakeEventSource);
  const before = FakeEventSource.opened.length;
  const opened = open();
  await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(before + 1));
  return { source: FakeEventSource.opened.at(-1)!, opened };
}
