import { handleChangePassword } from "@/lib/server/handlers/account";
import { deskRoute } from "@/lib/server/http/route";

// Derived from the desk's contract; open to a temporary password, which exists to be changed here.
export const POST = deskRoute("changePassword", handleChangePassword, { allowTemporaryPassword: true });
