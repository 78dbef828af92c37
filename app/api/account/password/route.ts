import { handleChangePassword } from "@/lib/server/handlers/account";
import { withUser } from "@/lib/server/route";

export const POST = withUser(handleChangePassword, { allowTemporaryPassword: true });
