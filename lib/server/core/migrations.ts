import "server-only";
/**
 * Migrations of the desk database, applied in name order on start by Kysely's Migrator.
 * Append new ones (`0002_watchlists`, ...); never edit one that has shipped. Portable SQL only: it runs on
 * SQLite and PostgreSQL (text ids and timestamps, integer flags).
 */
import { sql, type Kysely, type Migration } from "kysely";

// Migrations see the database untyped: the schema they build is the one the types describe afterwards.
type AnyDb = Kysely<unknown>;

const core: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("users")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull().unique())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("password_hash", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("disabled", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("sign_in_failures")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("ip", "text", (c) => c.notNull())
      .addColumn("attempted_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("sign_in_failures_email").on("sign_in_failures").columns(["email", "attempted_at"]).execute();
    await db.schema.createIndex("sign_in_failures_ip").on("sign_in_failures").columns(["ip", "attempted_at"]).execute();

    await db.schema
      .createTable("alpha_keys")
      .addColumn("user_id", "text", (c) => c.primaryKey())
      .addColumn("ciphertext", "text", (c) => c.notNull())
      .addColumn("last4", "text", (c) => c.notNull())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("account_name", "text")
      .addColumn("plan", "text")
      .addColumn("saved_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("spend_log")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("endpoint", "text", (c) => c.notNull())
      .addColumn("credits", "integer", (c) => c.notNull())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("cached", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("ist_hour", "integer", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("spend_log_user_hour").on("spend_log").columns(["user_id", "ist_hour"]).execute();
    await db.schema.createIndex("spend_log_hour").on("spend_log").column("ist_hour").execute();

    await db.schema
      .createTable("response_cache")
      .addColumn("cache_key", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("endpoint", "text", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("fetched_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("response_cache_fetched").on("response_cache").column("fetched_at").execute();

    await db.schema
      .createTable("desk_meta")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    for (const table of ["desk_meta", "response_cache", "spend_log", "alpha_keys", "sign_in_failures", "users"]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};

/** Watchlists, the symbol-check cache, the summary history and the input lines of submitted batch jobs. */
const portfolio: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("watchlists")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("watchlists_user_name").on("watchlists").columns(["user_id", "name"]).unique().execute();

    await db.schema
      .createTable("watchlist_items")
      .addColumn("watchlist_id", "text", (c) => c.notNull())
      .addColumn("symbol", "text", (c) => c.notNull())
      .addColumn("exposure", "double precision")
      .addColumn("label", "text")
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("added_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("watchlist_items_pk", ["watchlist_id", "symbol"])
      .execute();

    await db.schema
      .createTable("symbol_checks")
      .addColumn("symbol", "text", (c) => c.primaryKey())
      .addColumn("known", "integer", (c) => c.notNull())
      .addColumn("checked_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("summary_history")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("request_hash", "text", (c) => c.notNull())
      .addColumn("request", "text")
      .addColumn("source", "text")
      .addColumn("symbol_count", "integer", (c) => c.notNull())
      .addColumn("mode", "text")
      .addColumn("context_window_days", "integer")
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("summary", "text")
      .addColumn("error", "text")
      .addColumn("details", "text")
      .addColumn("credits", "integer", (c) => c.notNull())
      .addColumn("retention_opt_out", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("summary_history_user").on("summary_history").columns(["user_id", "created_at"]).execute();
    await db.schema.createIndex("summary_history_hash").on("summary_history").columns(["user_id", "request_hash", "created_at"]).execute();

    await db.schema
      .createTable("batch_inputs")
      .addColumn("job_id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("display_name", "text")
      .addColumn("line_count", "integer", (c) => c.notNull())
      .addColumn("lines", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("batch_inputs_user").on("batch_inputs").columns(["user_id", "created_at"]).execute();
  },
  async down(db: AnyDb) {
    for (const table of ["batch_inputs", "summary_history", "symbol_checks", "watchlist_items", "watchlists"]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};

/**
 * The spend log reconciled with the service's ledger. Desk rows keep the upstream request id (the ledger's
 * reference) and a batch submit its job id; rows imported from the ledger (batch line debits, spend outside the desk)
 * carry the ledger entry id, unique so two syncs never import one entry twice.
 */
const spendLedger: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable("spend_log").addColumn("source", "text", (c) => c.notNull().defaultTo("desk")).execute();
    await db.schema.alterTable("spend_log").addColumn("request_id", "text").execute();
    await db.schema.alterTable("spend_log").addColumn("job_id", "text").execute();
    await db.schema.alterTable("spend_log").addColumn("ledger_entry_id", "text").execute();
    await db.schema.createIndex("spend_log_account_hour").on("spend_log").columns(["account_id", "ist_hour"]).execute();
    await db.schema.createIndex("spend_log_ledger_entry").on("spend_log").columns(["account_id", "ledger_entry_id"]).unique().execute();
    await db.schema
      .createTable("ledger_cursor")
      .addColumn("account_id", "text", (c) => c.primaryKey())
      .addColumn("last_entry_id", "text", (c) => c.notNull())
      .addColumn("synced_at", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable("ledger_cursor").ifExists().execute();
    await db.schema.dropIndex("spend_log_ledger_entry").ifExists().execute();
    await db.schema.dropIndex("spend_log_account_hour").ifExists().execute();
    for (const column of ["ledger_entry_id", "job_id", "request_id", "source"]) await db.schema.alterTable("spend_log").dropColumn(column).execute();
  },
};

/** Server-side sessions (sign-out and password changes end them; idle ones expire) and forced password changes. */
const sessions: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("sessions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_seen_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();
    await db.schema.alterTable("users").addColumn("must_change_password", "integer", (c) => c.notNull().defaultTo(0)).execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable("users").dropColumn("must_change_password").execute();
    await db.schema.dropTable("sessions").ifExists().execute();
  },
};

/** The unit of a watchlist's exposures, and ISINs learnt from the service's symbol metadata. */
const exposureUnits: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable("watchlists").addColumn("exposure_unit", "text").execute();
    await db.schema
      .createTable("symbol_isins")
      .addColumn("symbol", "text", (c) => c.primaryKey())
      .addColumn("isin", "text")
      .addColumn("fetched_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("symbol_isins_isin").on("symbol_isins").column("isin").execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable("symbol_isins").ifExists().execute();
    await db.schema.alterTable("watchlists").dropColumn("exposure_unit").execute();
  },
};

/** The market calendar as data an admin edits; every saved version is kept (the newest is active). */
const marketCalendar: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("market_calendar_versions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("calendar", "text", (c) => c.notNull())
      .addColumn("note", "text")
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_by_name", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("market_calendar_versions_created").on("market_calendar_versions").column("created_at").execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable("market_calendar_versions").ifExists().execute();
  },
};

/** Scheduled briefs; a run is claimed by its unique (schedule, slot) row before anything is spent. */
const briefSchedules: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("brief_schedules")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("watchlist_id", "text", (c) => c.notNull())
      .addColumn("time_ist", "text", (c) => c.notNull())
      .addColumn("mode", "text", (c) => c.notNull())
      .addColumn("paused", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("brief_schedules_user").on("brief_schedules").column("user_id").execute();
    await db.schema
      .createTable("brief_runs")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("schedule_id", "text", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("slot", "text", (c) => c.notNull())
      .addColumn("due_at", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("reason", "text")
      .addColumn("summary_id", "text")
      .addColumn("credits", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("claimed_at", "text", (c) => c.notNull())
      .addColumn("finished_at", "text")
      .execute();
    await db.schema.createIndex("brief_runs_slot").on("brief_runs").columns(["schedule_id", "slot"]).unique().execute();
    await db.schema.createIndex("brief_runs_user").on("brief_runs").columns(["user_id", "due_at"]).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable("brief_runs").ifExists().execute();
    await db.schema.dropTable("brief_schedules").ifExists().execute();
  },
};

/** The service's symbol catalogue, bought once per upstream account with consent and kept for its users. */
const symbolCatalogues: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("symbol_catalogues")
      .addColumn("account_id", "text", (c) => c.primaryKey())
      .addColumn("entries", "text", (c) => c.notNull())
      .addColumn("fetched_at", "text", (c) => c.notNull())
      .addColumn("bought_by", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable("symbol_catalogues").ifExists().execute();
  },
};

/**
 * Teams on one Alpha account — the organisation key, seats (allowance, permitted actions), the day's
 * allowance counters (one conditional UPDATE reserves: correct across instances), invites (token hashed), the audit
 * log, the owner of every batch job submitted through the desk, and watchlist sharing.
 */
const teams: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("org_key")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("ciphertext", "text", (c) => c.notNull())
      .addColumn("last4", "text", (c) => c.notNull())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("account_name", "text")
      .addColumn("plan", "text")
      .addColumn("saved_by", "text", (c) => c.notNull())
      .addColumn("saved_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("seats")
      .addColumn("user_id", "text", (c) => c.primaryKey())
      .addColumn("daily_allowance", "integer")
      .addColumn("actions", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("allowance_days")
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("counted", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("allowance_days_pk", ["user_id", "day"])
      .execute();
    await db.schema
      .createTable("invites")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("daily_allowance", "integer")
      .addColumn("actions", "text", (c) => c.notNull())
      .addColumn("note", "text", (c) => c.notNull())
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("used_at", "text")
      .addColumn("used_by", "text")
      .execute();
    await db.schema
      .createTable("audit_log")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("actor_id", "text", (c) => c.notNull())
      .addColumn("actor", "text", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("target", "text", (c) => c.notNull())
      .addColumn("change", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("audit_log_at").on("audit_log").column("at").execute();
    await db.schema
      .createTable("job_owners")
      .addColumn("job_id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("key_source", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("job_owners_user").on("job_owners").column("user_id").execute();
    await db.schema.alterTable("watchlists").addColumn("sharing", "text", (c) => c.notNull().defaultTo("private")).execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable("watchlists").dropColumn("sharing").execute();
    for (const table of ["job_owners", "audit_log", "invites", "allowance_days", "seats", "org_key"]) await db.schema.dropTable(table).ifExists().execute();
  },
};

/**
 * The spend log on the proxy's hot path: a partial index for the few `outside` rows a charged call deletes, and a
 * ledger-entry index over imported rows only, so the desk's own rows do not each add an entry to it.
 */
const spendHotPath: Migration = {
  async up(db: AnyDb) {
    await db.schema.createIndex("spend_log_outside_request").on("spend_log").columns(["account_id", "request_id"]).where(sql.ref("source"), "=", sql.lit("outside")).execute();
    await db.schema.dropIndex("spend_log_ledger_entry").execute();
    await db.schema.createIndex("spend_log_ledger_entry").on("spend_log").columns(["account_id", "ledger_entry_id"]).unique().where(sql.ref("ledger_entry_id"), "is not", null).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex("spend_log_ledger_entry").execute();
    await db.schema.createIndex("spend_log_ledger_entry").on("spend_log").columns(["account_id", "ledger_entry_id"]).unique().execute();
    await db.schema.dropIndex("spend_log_outside_request").ifExists().execute();
  },
};

/** The confirmation threshold is the user's, kept with them (it was a cookie per browser); null follows the team default. */
const confirmThreshold: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable("users").addColumn("confirm_threshold", "integer").execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable("users").dropColumn("confirm_threshold").execute();
  },
};

/**
 * Private calendar feeds (the token hashed, rotatable) and what each last published per event: a moved meeting raises
 * its sequence and says where it moved from, a withdrawn one is answered as cancelled.
 */
const calendarFeeds: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("calendar_feeds")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("watchlist_id", "text")
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("rotated_at", "text")
      .execute();
    await db.schema.createIndex("calendar_feeds_user").on("calendar_feeds").column("user_id").execute();
    await db.schema
      .createTable("calendar_published")
      .addColumn("feed_id", "text", (c) => c.notNull())
      .addColumn("uid", "text", (c) => c.notNull())
      .addColumn("symbol", "text", (c) => c.notNull())
      .addColumn("start", "text", (c) => c.notNull())
      .addColumn("sequence", "integer", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("moved_from", "text")
      .addColumn("event", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("calendar_published_pk", ["feed_id", "uid"])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable("calendar_published").ifExists().execute();
    await db.schema.dropTable("calendar_feeds").ifExists().execute();
  },
};

/** A user's materiality settings: the bar, the lexicon, muted kinds and dismissal counts, one JSON row per user. */
const materiality: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("materiality_settings")
      .addColumn("user_id", "text", (c) => c.primaryKey())
      .addColumn("settings", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable("materiality_settings").ifExists().execute();
  },
};

/**
 * A paid call is logged before it is sent, as pending, under the id the desk sends as X-Client-Request-Id (the ledger
 * names its debit by it): a call that timed out or whose desk died is settled from the ledger, never guessed. Each row
 * also holds what it counts against its member's allowance, so a settlement moves the allowance by the difference.
 */
const spendPending: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable("spend_log").addColumn("client_request_id", "text").execute();
    await db.schema.alterTable("spend_log").addColumn("state", "text", (c) => c.notNull().defaultTo("settled")).execute();
    await db.schema.alterTable("spend_log").addColumn("quoted", "integer", (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable("spend_log").addColumn("allowance_day", "text").execute();
    await db.schema.alterTable("spend_log").addColumn("allowance_counted", "integer", (c) => c.notNull().defaultTo(0)).execute();
    await db.schema
      .createIndex("spend_log_client_request")
      .on("spend_log")
      .columns(["account_id", "client_request_id"])
      .unique()
      .where(sql.ref("client_request_id"), "is not", null)
      .execute();
    await db.schema.createIndex("spend_log_pending").on("spend_log").columns(["state", "created_at"]).where(sql.ref("state"), "=", sql.lit("pending")).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex("spend_log_pending").ifExists().execute();
    await db.schema.dropIndex("spend_log_client_request").ifExists().execute();
    for (const column of ["allowance_counted", "allowance_day", "quoted", "state", "client_request_id"]) await db.schema.alterTable("spend_log").dropColumn(column).execute();
  },
};

/** Invites an admin can revoke before they are used. */
const inviteRevocation: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable("invites").addColumn("revoked_at", "text").execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable("invites").dropColumn("revoked_at").execute();
  },
};

/** Concall briefs list an account's held analyses (lib/server/briefs): by account and endpoint. */
const heldAnswers: Migration = {
  async up(db: AnyDb) {
    await db.schema.createIndex("response_cache_account_endpoint").on("response_cache").columns(["account_id", "endpoint"]).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex("response_cache_account_endpoint").execute();
  },
};

/** A manager's own estimates: each uploaded file a version, every version kept (lib/server/briefs/estimates.ts). */
const estimates: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("estimate_versions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("filename", "text", (c) => c.notNull())
      .addColumn("number", "integer", (c) => c.notNull())
      .addColumn("row_count", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addUniqueConstraint("estimate_versions_user_number", ["user_id", "number"])
      .execute();
    await db.schema
      .createTable("estimates")
      .addColumn("version_id", "text", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("line", "integer", (c) => c.notNull())
      .addColumn("symbol", "text", (c) => c.notNull())
      .addColumn("quarter", "text", (c) => c.notNull())
      .addColumn("line_item", "text", (c) => c.notNull())
      .addColumn("value", "double precision", (c) => c.notNull())
      .addColumn("unit", "text", (c) => c.notNull())
      .addColumn("basis", "text", (c) => c.notNull())
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("as_of", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("estimates_pk", ["version_id", "line"])
      .execute();
    await db.schema.createIndex("estimates_user_quarter").on("estimates").columns(["user_id", "quarter"]).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable("estimates").ifExists().execute();
    await db.schema.dropTable("estimate_versions").ifExists().execute();
  },
};

/** The in-desk inbox: items for a user or a whole upstream account, idempotent on dedupe_key; read marks per reader. */
const inbox: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("inbox_items")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text")
      .addColumn("user_id", "text")
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("href", "text")
      .addColumn("dedupe_key", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("inbox_items_user").on("inbox_items").columns(["user_id", "created_at"]).execute();
    await db.schema.createIndex("inbox_items_account").on("inbox_items").columns(["account_id", "created_at"]).execute();
    await db.schema
      .createTable("inbox_reads")
      .addColumn("item_id", "text", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("read_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("inbox_reads_pk", ["item_id", "user_id"])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable("inbox_reads").ifExists().execute();
    await db.schema.dropTable("inbox_items").ifExists().execute();
  },
};

/**
 * Desk tokens: a script's key to the desk's `/alpha` base (stored as a SHA-256 hash), its scopes and caps, the credits
 * counted against each cap per IST day and month, and on every spend row the token it was spent by.
 */
const deskTokens: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("desk_tokens")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("last4", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("owner_id", "text", (c) => c.notNull())
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("scopes", "text", (c) => c.notNull())
      .addColumn("daily_cap", "integer")
      .addColumn("monthly_cap", "integer")
      .addColumn("rpm", "integer")
      .addColumn("allowed_addresses", "text")
      .addColumn("expires_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("revoked_at", "text")
      .addColumn("last_used_at", "text")
      .execute();
    await db.schema.createIndex("desk_tokens_owner").on("desk_tokens").column("owner_id").execute();
    await db.schema
      .createTable("desk_token_periods")
      .addColumn("token_id", "text", (c) => c.notNull())
      .addColumn("period", "text", (c) => c.notNull())
      .addColumn("counted", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("desk_token_periods_pk", ["token_id", "period"])
      .execute();
    await db.schema.alterTable("spend_log").addColumn("token_id", "text").execute();
    await db.schema.alterTable("spend_log").addColumn("token_day", "text").execute();
    await db.schema.alterTable("spend_log").addColumn("token_counted", "integer", (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.createIndex("spend_log_token").on("spend_log").columns(["token_id", "ist_hour"]).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex("spend_log_token").ifExists().execute();
    for (const column of ["token_counted", "token_day", "token_id"]) await db.schema.alterTable("spend_log").dropColumn(column).execute();
    await db.schema.dropTable("desk_token_periods").ifExists().execute();
    await db.schema.dropTable("desk_tokens").ifExists().execute();
  },
};

/** Alert rules, their endpoints, one delivery row per event × rule × channel (claimed once), and the attempt ledger. */
const alerts: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("alert_rules")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("scope", "text", (c) => c.notNull())
      .addColumn("kinds", "text", (c) => c.notNull())
      .addColumn("timing", "text", (c) => c.notNull())
      .addColumn("channels", "text", (c) => c.notNull())
      .addColumn("paused", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("alert_rules_user").on("alert_rules").column("user_id").execute();
    await db.schema
      .createTable("alert_endpoints")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("channel", "text", (c) => c.notNull())
      .addColumn("target", "text", (c) => c.notNull())
      .addColumn("secret", "text")
      .addColumn("label", "text", (c) => c.notNull())
      .addColumn("failing_since", "text")
      .addColumn("paused_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("alert_endpoints_user").on("alert_endpoints").column("user_id").execute();
    await db.schema
      .createTable("alert_deliveries")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("rule_id", "text", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("target", "text", (c) => c.notNull())
      .addColumn("channel", "text", (c) => c.notNull())
      .addColumn("event_key", "text", (c) => c.notNull())
      .addColumn("symbol", "text", (c) => c.notNull())
      .addColumn("event", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("reason", "text")
      .addColumn("due_at", "text", (c) => c.notNull())
      .addColumn("batch", "text", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("claimed_by", "text")
      .addColumn("claimed_until", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("delivered_at", "text")
      .addUniqueConstraint("alert_deliveries_once", ["rule_id", "target", "event_key"])
      .execute();
    await db.schema.createIndex("alert_deliveries_due").on("alert_deliveries").columns(["status", "due_at"]).execute();
    await db.schema.createIndex("alert_deliveries_cooldown").on("alert_deliveries").columns(["rule_id", "target", "symbol", "created_at"]).execute();
    await db.schema
      .createTable("alert_attempts")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("delivery_id", "text", (c) => c.notNull())
      .addColumn("rule_id", "text", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("channel", "text", (c) => c.notNull())
      .addColumn("target", "text", (c) => c.notNull())
      .addColumn("event_key", "text", (c) => c.notNull())
      .addColumn("attempt", "integer", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("http_status", "integer")
      .addColumn("latency_ms", "integer")
      .addColumn("error", "text")
      .addColumn("started_at", "text", (c) => c.notNull())
      .addColumn("finished_at", "text")
      .execute();
    await db.schema.createIndex("alert_attempts_user").on("alert_attempts").columns(["user_id", "started_at"]).execute();
    await db.schema.createIndex("alert_attempts_delivery").on("alert_attempts").columns(["delivery_id", "attempt"]).execute();
  },
  async down(db: AnyDb) {
    for (const table of ["alert_attempts", "alert_deliveries", "alert_endpoints", "alert_rules"]) await db.schema.dropTable(table).ifExists().execute();
  },
};

/** Until when each account's alert stream was followed: a desk coming back reads what was stored after it. */
const alertWatermarks: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("alert_watermarks")
      .addColumn("channel", "text", (c) => c.primaryKey())
      .addColumn("seen_until", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable("alert_watermarks").ifExists().execute();
  },
};

/** Spend notices (budget crossings and the like): one row per account and dedupe key, so a notice goes out once. */
const spendNotices: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("spend_notices")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("dedupe_key", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("link", "text")
      .addColumn("audience", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addUniqueConstraint("spend_notices_once", ["account_id", "dedupe_key"])
      .execute();
    await db.schema.createIndex("spend_notices_account").on("spend_notices").columns(["account_id", "created_at"]).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable("spend_notices").ifExists().execute();
  },
};

/** Budgets, the thresholds each crossed per period (claimed once), and each budget's ladder per period. */
const budgets: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("budgets")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("scope_kind", "text", (c) => c.notNull())
      .addColumn("scope_id", "text", (c) => c.notNull())
      .addColumn("period", "text", (c) => c.notNull())
      .addColumn("credit_limit", "integer", (c) => c.notNull())
      .addColumn("thresholds", "text", (c) => c.notNull())
      .addColumn("hard_limit", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("ladder_at", "text", (c) => c.notNull())
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("budget_crossings")
      .addColumn("budget_id", "text", (c) => c.notNull())
      .addColumn("period_key", "text", (c) => c.notNull())
      .addColumn("percent", "integer", (c) => c.notNull())
      .addColumn("crossed_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("budget_crossings_pk", ["budget_id", "period_key", "percent"])
      .execute();
    await db.schema
      .createTable("budget_ladder")
      .addColumn("budget_id", "text", (c) => c.notNull())
      .addColumn("period_key", "text", (c) => c.notNull())
      .addColumn("account_id", "text", (c) => c.notNull())
      .addColumn("scope_kind", "text", (c) => c.notNull())
      .addColumn("scope_id", "text", (c) => c.notNull())
      .addColumn("budget_name", "text", (c) => c.notNull())
      .addColumn("step", "integer", (c) => c.notNull())
      .addColumn("undone_through", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("resets_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("budget_ladder_pk", ["budget_id", "period_key"])
      .execute();
    await db.schema.createIndex("budget_ladder_account").on("budget_ladder").columns(["account_id", "step"]).execute();
  },
  async down(db: AnyDb) {
    for (const table of ["budget_ladder", "budget_crossings", "budgets"]) await db.schema.dropTable(table).ifExists().execute();
  },
};

/** Per-account spend settings (₹ per credit, the runway's horizon) and the spend watch's state: runway crossings, last notices. */
const spendWatch: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("account_spend_settings")
      .addColumn("account_id", "text", (c) => c.primaryKey())
      .addColumn("inr_per_credit", "text")
      .addColumn("runway_horizon_days", "integer", (c) => c.notNull().defaultTo(2))
      .addColumn("runway_below", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("runway_crossings", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("runway_notified", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("unusual_sent_for", "text")
      .addColumn("weekly_sent_for", "text")
      .addColumn("updated_by", "text")
      .addColumn("updated_at", "text")
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable("account_spend_settings").ifExists().execute();
  },
};

export const deskMigrations: Record<string, Migration> = {
  "0001_desk_core": core,
  "0002_portfolio": portfolio,
  "0003_spend_ledger": spendLedger,
  "0004_sessions": sessions,
  "0005_exposure_units": exposureUnits,
  "2026_11_24_17b_market_calendar": marketCalendar,
  "2026_11_24_17b_brief_schedules": briefSchedules,
  "2026_11_24_17c_symbol_catalogues": symbolCatalogues,
  "2026_11_24_16_teams": teams,
  "2026_11_24_18_spend_hot_path": spendHotPath,
  "2026_11_28_39_confirm_threshold": confirmThreshold,
  "2026_11_28_40_spend_pending": spendPending,
  "2026_11_28_40_invite_revocation": inviteRevocation,
  "2026_11_28_45_calendar_feeds": calendarFeeds,
  "2026_11_28_45_materiality": materiality,
  "2026_11_28_46_held_answers": heldAnswers,
  "2026_11_28_46_estimates": estimates,
  // Sorts after every 2026_11_28_NN_ name ("i" > digits), so a database that ran those takes it next.
  "2026_11_28_i43_inbox": inbox,
  "2026_11_28_i43b_alerts": alerts,
  "2026_11_28_i44_desk_tokens": deskTokens,
  "2026_11_29_i43p_alert_watermarks": alertWatermarks,
  "2026_11_29_i44a_spend_notices": spendNotices,
  "2026_11_29_i44a_budgets": budgets,
  "2026_11_29_i44b_spend_watch": spendWatch,
};
