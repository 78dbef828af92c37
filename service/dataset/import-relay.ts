import type { StreamProduct } from "../../lib/alpha/account";
import type { EventBus } from "../events";
import type { Db } from "../store/db";
import { prepared } from "../store/prepared";
import type { Scheduler } from "../streams/scheduler";
import { realScheduler } from "../streams/scheduler";

/** How long relayed outbox rows are kept (another service process on the same database may still be reading). */
const KEEP_MS = 60 * 60_000;

/**
 * Publishes rows that an import from another process (the CLI) stored while this service runs: the import writes
 * them to `import_outbox` in its transaction; this reads what is new every tick and announces it on the bus, so
 * live subscribers receive imported rows as they land. Rows from before the service started are not replayed.
 */
export function startImportRelay(ctx: { db: Db; bus: EventBus }, options: { scheduler?: Scheduler; tickMs?: number; now?: () => number } = {}): { stop(): void; tick(): void } {
  const now = options.now ?? (() => Date.now());
  let last = (prepared(ctx.db, "SELECT COALESCE(MAX(seq), 0) AS seq FROM import_outbox").get() as { seq: number }).seq;
  const tick = () => {
    const rows = prepared(ctx.db, "SELECT seq, product, id, symbol FROM import_outbox WHERE seq > ? ORDER BY seq LIMIT 1000").all(last) as {
      seq: number;
      product: StreamProduct;
      id: string;
      symbol: string;
    }[];
    for (const r of rows) {
      ctx.bus.emit({ product: r.product, id: r.id, symbol: r.symbol });
      last = r.seq;
    }
    if (rows.length > 0) prepared(ctx.db, "DELETE FROM import_outbox WHERE seq <= ? AND created_ms < ?").run(last, now() - KEEP_MS);
  };
  const cancel = (options.scheduler ?? realScheduler).every(options.tickMs ?? 1_000, tick);
  return { stop: cancel, tick };
}
