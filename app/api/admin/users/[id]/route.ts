import { handleUpdateUser } from "@/lib/server/handlers/admin-users";
import { withAdmin } from "@/lib/server/route";

export const PATCH = withAdmin(handleUpdateUser);
