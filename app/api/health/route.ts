import { handleHealth } from "@/lib/server/handlers/health";
import { deskRoute } from "@/lib/server/http/route";

// Derived from the desk's contract: lib/desk/routes.ts says the method, path, access, input and answer.
export const GET = deskRoute("health", handleHealth);
