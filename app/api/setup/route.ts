import { handleSetup, handleSetupStatus } from "@/lib/server/handlers/setup";
import { withPublic } from "@/lib/server/route";

export const GET = withPublic(handleSetupStatus);
export const POST = withPublic(handleSetup);
