import "server-only";
/**
 * The desk database: Kysely over SQLite (better-sqlite3, WAL) by default, PostgreSQL when a URL is given.
 * `openDeskDb` opens it and applies the migrations of lib/server/core/migrations.ts (Kysely Migrator).
 * Columns are portable: text ids and ISO timestamps, integer flags (0/1), integer credits.
 */
import { chmodSync, closeSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import type { Generated, MigrationResult } from "kysely";
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { deskMigrations } from "./migrations";

export type UserRole = "admin" | "member";

export interface UsersTable {
  id: string;
  /** Lower-cased; unique. */
  email: string;
  name: string;
  password_hash: string;
  role: UserRole;
  disabled: number;
  created_at: string;
  updated_at: string;
  /** 1 after an admin set a temporary password: every page asks for a new one first. */
  must_change_password: number;
  /** Credits above which a paid action asks first; null follows the team's default. */
  confirm_threshold: number | null;
}

/** One signed-in browser; the session cookie names it, so deleting the row ends that session at once. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
}

export interface SignInFailuresTable {
  id: string;
  email: string;
  ip: string;
  attempted_at: string;
}

export interface AlphaKeysTable {
  user_id: string;
  /** base64(iv | tag | ciphertext), AES-256-GCM with the user id as additional data. */
  ciphertext: string;
  last4: string;
  /** The upstream account the key belongs to (from GET /v1/account at save time). */
  account_id: string;
  account_name: string | null;
  plan: string | null;
  saved_at: string;
}

export interface SpendLogTable {
  id: string;
  user_id: string;
  endpoint: string;
  credits: number;
  account_id: string;
  cached: number;
  created_at: string;
  /** Hours since the epoch on the Asia/Kolkata clock: hourly and daily IST buckets group on it. */
  ist_hour: number;
  /** `desk` (a call through the desk), `batch_line` (a summary a desk batch job generated, from the ledger) or `outside`. */
  source: Generated<string>;
  /** The upstream's X-Request-Id of a desk call (the ledger's reference); the ledger reference of an outside row. */
  request_id: string | null;
  /** The batch job a submit created, or a batch line belongs to. */
  job_id: string | null;
  /** The ledger entry this row accounts for (imported, or a desk call matched by a sync): one row per debit. */
  ledger_entry_id: string | null;
  /** The id the desk sent as X-Client-Request-Id; the ledger's debit names it in its metadata. */
  client_request_id: Generated<string | null>;
  /** `pending` while the desk does not know what the service charged (credits 0 meanwhile), else `settled`. */
  state: Generated<string>;
  /** The most a pending call may cost: what the page says may have been charged. */
  quoted: Generated<number>;
  /** The IST day of the member's allowance this row counts against (organisation key), else null. */
  allowance_day: Generated<string | null>;
  /** What this row counts against that allowance now: its price while pending, its credits once settled. */
  allowance_counted: Generated<number>;
  /** The desk token the call was made with (the `/alpha` base), else null. */
  token_id: Generated<string | null>;
  /** The IST day of the token's caps this row counts against (its month is the day's first seven characters). */
  token_day: Generated<string | null>;
  /** What this row counts against the token's caps now: its price while pending, its credits once settled. */
  token_counted: Generated<number>;
}

export interface LedgerCursorTable {
  account_id: string;
  /** The newest ledger entry id already imported. */
  last_entry_id: string;
  synced_at: string;
}

export interface ResponseCacheTable {
  cache_key: string;
  account_id: string;
  endpoint: string;
  body: string;
  fetched_at: string;
}

export interface DeskMetaTable {
  key: string;
  value: string;
}

export interface DeskDatabase {
  users: UsersTable;
  sign_in_failures: SignInFailuresTable;
  sessions: SessionsTable;
  alpha_keys: AlphaKeysTable;
  spend_log: SpendLogTable;
  response_cache: ResponseCacheTable;
  desk_meta: DeskMetaTable;
  ledger_cursor: LedgerCursorTable;
}

export type DeskDb = Kysely<DeskDatabase>;
export type DeskDialect = "sqlite" | "postgres";

export interface OpenDeskDbOptions {
  /** postgres:// URL; when absent, SQLite at `sqlitePath`. */
  databaseUrl?: string | undefined;
  sqlitePath?: string;
  /** PostgreSQL schema to use (tests use a fresh one per run); it is created when missing. */
  pgSchema?: string;
}

export interface OpenedDeskDb {
  db: DeskDb;
  dialect: DeskDialect;
}

/**
 * Kysely prepares every query afresh; the desk runs the same few dozen statements all day, so keep them prepared.
 * Safe because Kysely runs one query at a time on the connection and never holds an iterator across queries.
 */
function withStatementCache(database: Database.Database): SqliteHandle {
  const statements = new Map<string, Database.Statement>();
  return {
    database,
    close: () => database.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        if (statements.size < 500) statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** The better-sqlite3 connection under a SQLite desk database, with Kysely's statement cache (see sqliteHandleOf). */
export interface SqliteHandle {
  database: Database.Database;
  close(): void;
  prepare(sql: string): Database.Statement;
}

/**
 * On globalThis, not in this module: Next bundles this module more than once per process, and the handle one copy
 * opened must serve all (without it the hot path fell back to Kysely's slower transactions).
 */
const handleRegistry = globalThis as typeof globalThis & { __alphaDeskSqliteHandles?: WeakMap<Kysely<DeskDatabase>, SqliteHandle> };
const sqliteHandles = (handleRegistry.__alphaDeskSqliteHandles ??= new WeakMap<Kysely<DeskDatabase>, SqliteHandle>());

/**
 * The connection a SQLite desk database runs on, for statements that must run synchronously (writeGrouped's one
 * transaction, lib/server/core/precompiled.ts); null on PostgreSQL. Kysely runs its queries on this same connection,
 * one at a time, so a caller must not start a transaction while `database.inTransaction` says one of Kysely's is open.
 */
export function sqliteHandleOf(db: Kysely<DeskDatabase>): SqliteHandle | null {
  return sqliteHandles.get(db) ?? null;
}

/**
 * Owner-only: the folder 0700 when we make it, the file 0600 before SQLite opens it (SQLite gives its -wal and
 * -shm files the database file's mode). An existing file is narrowed to 0600 too.
 */
export function createPrivateFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  closeSync(openSync(path, "a", 0o600));
  chmodSync(path, 0o600);
}

/** Opens the desk database and applies pending migrations. */
export async function openDeskDb(options: OpenDeskDbOptions): Promise<OpenedDeskDb> {
  let opened: OpenedDeskDb;
  if (options.databaseUrl) {
    if (options.pgSchema && !/^[a-z_][a-z0-9_]*$/.test(options.pgSchema)) throw new Error("invalid PostgreSQL schema name");
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const db = new Kysely<DeskDatabase>({ dialect: new PostgresDialect({ pool }) });
    if (options.pgSchema) await db.schema.createSchema(options.pgSchema).ifNotExists().execute();
    opened = { db, dialect: "postgres" };
  } else {
    const path = options.sqlitePath ?? "data/desk.db";
    if (path !== ":memory:") createPrivateFile(path);
    const database = new Database(path);
    database.pragma("journal_mode = WAL");
    database.pragma("synchronous = NORMAL");
    database.pragma("busy_timeout = 5000");
    const handle = withStatementCache(database);
    const db = new Kysely<DeskDatabase>({ dialect: new SqliteDialect({ database: handle }) });
    sqliteHandles.set(db, handle);
    opened = { db, dialect: "sqlite" };
  }
  try {
    await migrateDeskDb(opened.db, options.databaseUrl ? options.pgSchema : undefined);
  } catch (error) {
    await opened.db.destroy();
    throw error;
  }
  return opened;
}

/**
 * Kysely looks for its tables across every schema: a schema or table dropped in that moment (another desk's tests, an
 * operator) fails the look-up before any migration ran. The look-up only reads, so it may be asked again.
 */
export function droppedUnderLookUp(error: unknown, results: readonly MigrationResult[] | undefined): boolean {
  if (!error || results?.some((r) => r.status === "Error")) return false;
  return /(schema|relation) "[^"]+" does not exist/.test(error instanceof Error ? error.message : String(error));
}

/**
 * `schema`: on PostgreSQL with a schema of its own (tests), the migration tables live in it. Without it Kysely takes a
 * migration table of ANY schema as present, so a schema left behind by a killed run broke every later migration.
 */
export async function migrateDeskDb(db: DeskDb, schema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => deskMigrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
  let { error, results } = await migrator.migrateToLatest();
  for (let attempt = 1; attempt <= 3 && droppedUnderLookUp(error, results); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    ({ error, results } = await migrator.migrateToLatest());
  }
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    throw new Error(`desk database migration ${failed ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** COUNT(*) and SUM() come back as strings from PostgreSQL (int8/numeric); numbers from SQLite. */
export function toNumber(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "string" && value !== "") return Number(value);
  return 0;
}
