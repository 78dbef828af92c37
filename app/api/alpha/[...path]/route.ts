import { handleAlphaProxy } from "@/lib/server/handlers/alpha";
import { deskRoute } from "@/lib/server/http/route";

// Derived from the desk's contract: lib/desk/routes.ts says the method, path, access, input and answer.
export const GET = deskRoute("alphaGet", handleAlphaProxy);
export const POST = deskRoute("alphaPost", handleAlphaProxy);
export const DELETE = deskRoute("alphaDelete", handleAlphaProxy);
