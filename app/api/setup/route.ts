import { handleSetup, handleSetupStatus } from "@/lib/server/handlers/setup";
import { deskRoute } from "@/lib/server/http/route";

// Derived from the desk's contract: lib/desk/routes.ts says the method, path, access, input and answer.
export const GET = deskRoute("setupStatus", handleSetupStatus);
export const POST = deskRoute("setup", handleSetup);
