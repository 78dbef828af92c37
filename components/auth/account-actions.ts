/**
 * What the signed-out forms need only when they are sent: the contract's schemas and calls for setup, joining and
 * the password change (zod with them) and next-auth's client. The forms import this module on demand
 * (`loadAccountActions` in ./load-account-actions.ts, fetched as soon as a field gets focus) so none of it is part of those pages' first load.
 */
export { signIn } from "next-auth/react";
export { accountCall } from "@/lib/desk/account-client";
export { acceptInviteInputSchema, changePasswordInputSchema, formProblems, newUserInputSchema } from "@/lib/desk/account";
