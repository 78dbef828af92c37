import { handleSpend } from "@/lib/server/handlers/usage";
import { deskRoute } from "@/lib/server/http/route";

// Derived from the desk's contract: lib/desk/routes.ts says the method, path, access, input and answer.
export const GET = deskRoute("getSpend", handleSpend);
