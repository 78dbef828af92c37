import { handleCreateUser, handleListUsers } from "@/lib/server/handlers/admin-users";
import { deskRoute } from "@/lib/server/http/route";

// Derived from the desk's contract: lib/desk/routes.ts says the method, path, access, input and answer.
export const GET = deskRoute("listUsers", handleListUsers);
export const POST = deskRoute("createUser", handleCreateUser);
