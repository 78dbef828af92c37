import { handleUpdateUser } from "@/lib/server/handlers/admin-users";
import { deskRoute } from "@/lib/server/http/route";

// Derived from the desk's contract: lib/desk/routes.ts says the method, path, access, input and answer.
export const PATCH = deskRoute("updateUser", handleUpdateUser);
