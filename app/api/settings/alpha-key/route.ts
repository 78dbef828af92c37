import { handleDeleteAlphaKey, handleGetAlphaKey, handlePutAlphaKey } from "@/lib/server/handlers/alpha-key";
import { withUser } from "@/lib/server/route";

export const GET = withUser(handleGetAlphaKey);
export const PUT = withUser(handlePutAlphaKey);
export const DELETE = withUser(handleDeleteAlphaKey);
