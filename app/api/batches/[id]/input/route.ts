import { handleGetBatchInput } from "@/lib/server/handlers/batches";
import { withUser } from "@/lib/server/route";

export const GET = withUser(handleGetBatchInput);
