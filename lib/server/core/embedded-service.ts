/**
 * The one door from the desk to service/: starting the embedded Alpha service and making accounts and keys in it,
 * for scripts (npm start, the e2e server), the bench and integration tests. The desk's request path never uses it.
 */
export { startServer } from "@/service/server";
export type { RunningServer } from "@/service/server";
export { addCredits, createAccount, issueApiKey, revokeApiKey, setAccountStatus } from "@/service/accounts";
export type { CreateAccountInput } from "@/service/accounts";
export type { ServiceContext } from "@/service/context";
