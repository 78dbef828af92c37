import { handleIssueTemporaryPassword } from "@/lib/server/handlers/account";
import { withAdmin } from "@/lib/server/route";

export const POST = withAdmin(handleIssueTemporaryPassword);
