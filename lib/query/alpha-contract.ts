/**
 * The browser's half of the Alpha contract that needs the schemas (and zod): a call's request checked and built
 * (`prepareRequest`) and the proxy's envelope parsed (`parseEnvelope`). lib/query/alpha.ts imports this on demand
 * (`loadAlphaContract`), so no page carries it in its first load.
 */
import * as z from "zod";
import type { EndpointId, ViewOf } from "@/lib/alpha/catalogue";
import { catalogue } from "@/lib/alpha/catalogue";
import { proxyMetaSchema, type ProxyMeta } from "@/lib/desk/envelope";

export { prepareRequest } from "@/lib/alpha/request";

/** The proxy's answer as the pages see it: the endpoint's parsed response through its view, and the call's meta. */
export type AlphaResult<K extends EndpointId> = ViewOf<K> & { meta: ProxyMeta };

/** An answer's view (lib/alpha/views.ts) with its meta: what the browser and the server's page prefetch both give. */
export function viewAnswer<K extends EndpointId>(id: K, data: unknown, meta: ProxyMeta): AlphaResult<K> {
  const view = catalogue[id].view as (answer: unknown) => ViewOf<K>;
  return { ...view(data), meta } as AlphaResult<K>;
}

/**
 * The schema the browser parses an envelope's `data` with: the endpoint's response as the server passes it on. JSON
 * lines arrive parsed, so their parsed form is checked; text and bytes are not re-read.
 */
function envelopeDataSchema(id: EndpointId): z.ZodType | null {
  const def = catalogue[id];
  if (def.responseType === "json") return def.response;
  if (def.responseType === "jsonl" && def.response instanceof z.ZodPipe) return def.response.out as z.ZodType;
  return null;
}

/** The envelope of the desk's proxy, parsed: meta with the desk's schema, data with the endpoint's (lib/alpha). */
export function parseEnvelope<K extends EndpointId>(id: K, body: { data?: unknown; meta?: unknown } | null | undefined): AlphaResult<K> {
  const schema = envelopeDataSchema(id);
  const data = schema ? schema.parse(body?.data) : body?.data;
  return viewAnswer(id, data, proxyMetaSchema.parse(body?.meta));
}
