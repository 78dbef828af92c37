/**
 * How the desk's pages see an Alpha answer: a list's rows as `items` (with `hasNext`), one record as `item`. Applied
 * where answers are parsed (the browser's envelope, the server's page prefetch), so no component unwraps `data`.
 */

export interface ListView<T> {
  items: T[];
  hasNext: boolean;
}

/** A page of a list (`{ data: [...], has_next }`). */
export function listView<T>(answer: { data: T[]; has_next?: boolean | undefined }): ListView<T> {
  return { items: answer.data, hasNext: answer.has_next ?? false };
}

/** A wrapped record (`{ data: record }`), or the rows of a wrapped list without paging (`{ data: [...] }`). */
export function dataView<T>(answer: { data: T }): { item: T } {
  return { item: answer.data };
}

/** An answer that is the record itself (a filing, a call, a job). */
export function recordView<T>(answer: T): { item: T } {
  return { item: answer };
}

/** JSON lines, parsed one by one (a batch job's results). */
export function linesView<T>(answer: T[]): ListView<T> {
  return { items: answer, hasNext: false };
}
