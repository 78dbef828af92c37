import type { Clock } from "./clock";
import type { ServiceConfig } from "./config";
import type { EventBus } from "./events";
import type { Db } from "./store/db";

/** What every verb of the service receives: storage, time, configuration and the stored-event bus. */
export interface ServiceContext {
  db: Db;
  clock: Clock;
  config: ServiceConfig;
  bus: EventBus;
  /** HMAC secret for signed asset URLs (from config, or generated once into the database). */
  signingSecret: string;
  /** Base URL that signed links, logos and attachments are built on, without a trailing slash. */
  publicUrl: string;
}

/** The authenticated caller of a request. */
export interface Caller {
  accountId: string;
  keyId: string;
}
