/**
 * The caller's own id of a request, sent in `X-Client-Request-Id`: the service writes it into the metadata of every
 * ledger debit the request makes (`client_request_id`), so a caller that lost the answer can find what it was charged.
 */
export const CLIENT_REQUEST_ID_HEADER = "X-Client-Request-Id";
/** The ledger metadata key holding it. */
export const CLIENT_REQUEST_ID_METADATA = "client_request_id";

const FORM = /^[A-Za-z0-9_-]{8,80}$/;

/** The header's value when it is a well-formed id (8–80 letters, digits, `_` or `-`); anything else is ignored. */
export function clientRequestIdOf(value: string | null | undefined): string | null {
  return typeof value === "string" && FORM.test(value) ? value : null;
}
