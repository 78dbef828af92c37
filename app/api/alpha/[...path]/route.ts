import { handleAlphaProxy } from "@/lib/server/handlers/alpha";
import { withUser } from "@/lib/server/route";

export const GET = withUser(handleAlphaProxy);
export const POST = withUser(handleAlphaProxy);
export const DELETE = withUser(handleAlphaProxy);
