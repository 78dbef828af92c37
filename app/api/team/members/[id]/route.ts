import { handleUpdateMember } from "@/lib/server/handlers/teams";
import { deskRoute } from "@/lib/server/http/route";

// Derived from the desk's contract: lib/desk/routes.ts says the method, path, access, input and answer.
export const PATCH = deskRoute("updateMember", handleUpdateMember);
