import { handleClearSignInFailures } from "@/lib/server/handlers/account";
import { withAdmin } from "@/lib/server/route";

export const DELETE = withAdmin(handleClearSignInFailures);
