/** The account forms' limits, apart from their schemas (lib/desk/account.ts) so a form can show them without zod. */
export const PASSWORD_MIN_LENGTH = 8;
export const INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;
