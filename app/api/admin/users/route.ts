import { handleCreateUser, handleListUsers } from "@/lib/server/handlers/admin-users";
import { withAdmin } from "@/lib/server/route";

export const GET = withAdmin(handleListUsers);
export const POST = withAdmin(handleCreateUser);
