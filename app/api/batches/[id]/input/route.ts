import { handleGetBatchInput, handleSaveBatchInput } from "@/lib/server/handlers/batches";
import { withUser } from "@/lib/server/route";

export const GET = withUser(handleGetBatchInput);
export const PUT = withUser(handleSaveBatchInput);
