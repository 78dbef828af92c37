import { handleDeleteAlphaKey, handleGetAlphaKey, handlePutAlphaKey } from "@/lib/server/handlers/alpha-key";
import { deskRoute } from "@/lib/server/http/route";

// Derived from the desk's contract: lib/desk/routes.ts says the method, path, access, input and answer.
export const GET = deskRoute("getAlphaKey", handleGetAlphaKey);
export const PUT = deskRoute("putAlphaKey", handlePutAlphaKey);
export const DELETE = deskRoute("deleteAlphaKey", handleDeleteAlphaKey);
