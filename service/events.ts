import type { StreamProduct } from "../lib/alpha/account";

/**
 * Rows stored after start-up are announced here, in commit order, so streams can publish them.
 * `row` is the stored row's id; subscribers read the wire shape they need from the store.
 */
export interface StoredEvent {
  product: StreamProduct;
  id: string;
  symbol: string;
}

export type EventListener = (event: StoredEvent) => void;

export class EventBus {
  private listeners = new Set<EventListener>();
  on(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(event: StoredEvent): void {
    for (const l of this.listeners) l(event);
  }
}
