// The Alpha API's own paths under the desk's /alpha base, for scripts with a desk token (lib/server/upstream/desk-gateway.ts).
import { alphaBaseRoute } from "@/lib/server/routes/alpha-base";

const serve = alphaBaseRoute();

export const GET = serve;
export const HEAD = serve;
export const POST = serve;
export const DELETE = serve;
