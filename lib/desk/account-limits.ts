/** The account forms' limits, apart from their schemas (lib/desk/account.ts) so a form can show them without zod. */
export const PASSWORD_MIN_LENGTH = 8;
export const INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;
/** The threshold of a desk whose admin has set no team default: ask before every paid action. */
export const DEFAULT_SPEND_CONFIRM_THRESHOLD = 0;
