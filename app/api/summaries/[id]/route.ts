import { handleGetSummary } from "@/lib/server/handlers/summaries";
import { deskRoute } from "@/lib/server/http/route";

// Derived from the desk's contract: lib/desk/routes.ts says the method, path, access, input and answer.
export const GET = deskRoute("getSummary", handleGetSummary);
