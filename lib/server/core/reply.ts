import "server-only";

/** A success answer with a status or headers of its own (a 503 health, a fresh session cookie). */
export class DeskReply<T> {
  constructor(
    readonly data: T,
    readonly init: { status?: number; headers?: Record<string, string> } = {},
  ) {}
}
export function reply<T>(data: T, init: { status?: number; headers?: Record<string, string> }): DeskReply<T> {
  return new DeskReply(data, init);
}

/** What a `file` answer is: served as an attachment, never cached, never sniffed. */
export interface DeskFile {
  filename: string;
  contentType: string;
  body: string | ReadableStream<Uint8Array>;
}
