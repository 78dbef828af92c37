import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { Product } from "../lib/alpha/account";
import { AlphaError, isAlphaError } from "../lib/alpha/errors";
import { toStreamProduct } from "../lib/alpha/streams";
import type { AccountRecord, CreateAccountInput } from "./accounts";
import { addCredits, createAccount, getAccountOrThrow, issueApiKey, listAccounts, listApiKeys, revokeApiKey, setAccountStatus } from "./accounts";
import { createService } from "./app";
import type { ServiceConfig } from "./config";
import { serviceConfigFromEnv } from "./config";
import type { ServiceContext } from "./context";
import { exportRows, importRows, IMPORT_PRODUCTS, type ImportProduct } from "./dataset/import";
import { seedDataset } from "./dataset/seed";
import { EXCHANGE_SOURCES, exchangeSource, importExchange, type ExchangeImportSummary } from "./exchange";
import { startServer } from "./server";
import { openDatabase } from "./store/db";

export const CLI_USAGE = `Usage: npm run service -- <command> [options]

  (no command) | serve                         run the HTTP server (config from ALPHA_SERVICE_* variables)
  accounts:create --name N --plan sandbox|starter|pro [--balance N] [--products a,b] [--symbols|--no-symbols]
                  [--websocket news:pro_1000,alerts:starter_100] [--no-websocket] [--rpm N] [--daily N] [--retention-opt-out]
  accounts:list
  accounts:show --account ID
  accounts:disable --account ID | accounts:enable --account ID
  keys:issue --account ID [--label L]          prints the key once
  keys:revoke --key-id ID
  credits:add --account ID --amount N
  seed                                          seed the dataset if the database has none
  import <product> --file F [--format jsonl|csv] load rows in the interface's shapes (docs/import/); all or nothing
  export <product> [--day YYYY-MM-DD] [--file F] write stored rows in the import format (a day of events)
                  products: ${IMPORT_PRODUCTS.join(", ")}
  import <source>|exchange --file F|--dir D     load the exchanges' own files as published (docs/import/exchange.md);
                  each file all or nothing; \`exchange\` detects each file's source; a folder in dependency order
                  sources: ${EXCHANGE_SOURCES.map((s) => s.name).join(", ")}

Each command prints JSON on stdout; an error prints JSON on stderr and exits 1.`;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env?: NodeJS.ProcessEnv;
}

const defaultIo: CliIo = { stdout: (t) => process.stdout.write(`${t}\n`), stderr: (t) => process.stderr.write(`${t}\n`) };

const OPTIONS = {
  name: { type: "string" },
  plan: { type: "string" },
  balance: { type: "string" },
  products: { type: "string" },
  symbols: { type: "boolean" },
  "no-symbols": { type: "boolean" },
  websocket: { type: "string" },
  "no-websocket": { type: "boolean" },
  rpm: { type: "string" },
  daily: { type: "string" },
  "retention-opt-out": { type: "boolean" },
  account: { type: "string" },
  label: { type: "string" },
  "key-id": { type: "string" },
  amount: { type: "string" },
  file: { type: "string" },
  format: { type: "string" },
  day: { type: "string" },
  dir: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>["values"];

function usageError(message: string): AlphaError {
  return new AlphaError("invalid_parameter", message);
}

function required(values: Values, name: "name" | "plan" | "account" | "key-id" | "amount"): string {
  const v = values[name];
  if (!v) throw usageError(`--${name} is required`);
  return v;
}

function integer(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text.trim())) throw usageError(`--${name} must be an integer`);
  return Number(text);
}

function parseWebsocket(text: string): { product: NonNullable<ReturnType<typeof toStreamProduct>>; tier: string; enabled: boolean }[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const [name = "", tier = ""] = entry.split(":");
      const product = toStreamProduct(name);
      if (!product || !tier.trim()) throw usageError(`--websocket takes product:tier pairs such as news:pro_1000; got '${entry}'`);
      return { product, tier: tier.trim(), enabled: true };
    });
}

export function accountJson(ctx: ServiceContext, account: AccountRecord) {
  return {
    id: account.id,
    name: account.name,
    status: account.status,
    plan: account.plan.id,
    balance: account.balance,
    products: account.products,
    websocket_addons: account.websocketAddons,
    limits: account.limits,
    retention_policy: account.retentionPolicy,
    created_at: account.createdAt,
    keys: listApiKeys(ctx, account.id).map((k) => ({ id: k.id, prefix: k.prefix, label: k.label, created_at: k.createdAt, revoked_at: k.revokedAt })),
  };
}

function createAccountInput(values: Values): CreateAccountInput {
  if (values.symbols && values["no-symbols"]) throw usageError("pass --symbols or --no-symbols, not both");
  if (values.websocket && values["no-websocket"]) throw usageError("pass --websocket or --no-websocket, not both");
  const input: CreateAccountInput = {
    name: required(values, "name"),
    plan: required(values, "plan") as CreateAccountInput["plan"],
    balance: integer(values.balance, "balance"),
    rpm: integer(values.rpm, "rpm"),
    daily: integer(values.daily, "daily"),
    symbolsScope: values.symbols ? true : values["no-symbols"] ? false : undefined,
    retentionOptOut: values["retention-opt-out"] ? true : undefined,
  };
  if (values.products !== undefined) {
    input.products = values.products
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean) as Product[];
  }
  if (values["no-websocket"]) input.websocketAddons = [];
  else if (values.websocket) input.websocketAddons = parseWebsocket(values.websocket);
  return input;
}

function importProduct(name: string | undefined): ImportProduct {
  const hit = IMPORT_PRODUCTS.find((p) => p === name);
  if (!hit) throw usageError(`a product is required: one of ${IMPORT_PRODUCTS.join(", ")}; or an exchange source: exchange, ${EXCHANGE_SOURCES.map((s) => s.name).join(", ")}`);
  return hit;
}

/** What an exchange import prints: per file its counts, skipped rows by reason and any malformed rows; then totals. */
function exchangeSummary(summary: ExchangeImportSummary) {
  const total = { files: summary.files.length, written: 0, rows: 0, inserted: 0, updated: 0, unchanged: 0, derived: 0, skipped: 0 };
  for (const f of summary.files) {
    if (f.written) total.written++;
    total.rows += f.rows;
    total.inserted += f.inserted;
    total.updated += f.updated;
    total.unchanged += f.unchanged;
    total.derived += f.derived;
    total.skipped += f.skipped.reduce((n, g) => n + g.count, 0);
  }
  return { total, files: summary.files, unrecognized: summary.unrecognized, refused: summary.refused };
}

async function runCommand(command: string, values: Values, ctx: ServiceContext, args: readonly string[] = []): Promise<unknown> {
  switch (command) {
    case "import": {
      if (args[0] === "exchange" || (args[0] !== undefined && exchangeSource(args[0]))) {
        const target = values.dir ?? values.file;
        if (!target || (values.dir && values.file)) throw usageError("pass --file F or --dir D");
        const imported = await importExchange(ctx, target, { source: args[0] === "exchange" ? undefined : args[0], relay: true, nowMs: ctx.clock.now().getTime() }).catch((e: unknown) => {
          throw usageError(e instanceof Error ? e.message : String(e));
        });
        const summary = exchangeSummary(imported);
        if (summary.refused.length > 0)
          throw new AlphaError("invalid_parameter", `${summary.refused.length} file(s) refused; nothing of them was written`, { details: summary });
        return summary;
      }
      const product = importProduct(args[0]);
      const file = values.file;
      if (!file) throw usageError("--file is required");
      const format = values.format ?? (/\.csv$/i.test(file) ? "csv" : "jsonl");
      if (format !== "csv" && format !== "jsonl") throw usageError("--format is jsonl or csv");
      // The running service (another process) publishes what lands through the outbox.
      const report = importRows({ ctx, input: { product, text: readFileSync(file, "utf8"), format, relay: true, nowMs: ctx.clock.now().getTime() } });
      if (!report.written) throw new AlphaError("invalid_parameter", `${report.errors.length} bad line(s) in ${file}; nothing was imported`, { details: { errors: report.errors } });
      return report;
    }
    case "export": {
      const product = importProduct(args[0]);
      let window: { fromMs: number; toMs: number } | undefined;
      if (values.day !== undefined) {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(values.day)) throw usageError("--day is YYYY-MM-DD (an IST day)");
        const fromMs = Date.parse(`${values.day}T00:00:00+05:30`);
        window = { fromMs, toMs: fromMs + 86_400_000 };
      }
      const body = exportRows(ctx.db, product, window);
      if (values.file) writeFileSync(values.file, body);
      return { product, file: values.file ?? null, lines: body === "" ? 0 : body.trimEnd().split("\n").length, ...(values.file ? {} : { rows: body }) };
    }
    case "accounts:create":
      return accountJson(ctx, createAccount({ ctx, input: createAccountInput(values) }));
    case "accounts:list":
      return listAccounts(ctx).map((a) => accountJson(ctx, a));
    case "accounts:show":
      return accountJson(ctx, getAccountOrThrow(ctx, required(values, "account")));
    case "accounts:disable":
    case "accounts:enable":
      return accountJson(ctx, setAccountStatus({ ctx, input: { accountId: required(values, "account"), status: command === "accounts:enable" ? "active" : "disabled" } }));
    case "keys:issue": {
      const issued = issueApiKey({ ctx, input: { accountId: required(values, "account"), label: values.label } });
      return { id: issued.id, key: issued.key, prefix: issued.prefix, account_id: issued.accountId, label: issued.label, created_at: issued.createdAt };
    }
    case "keys:revoke": {
      const revoked = revokeApiKey({ ctx, input: { keyId: required(values, "key-id") } });
      return { id: revoked.id, account_id: revoked.accountId, revoked_at: revoked.revokedAt };
    }
    case "credits:add": {
      const accountId = required(values, "account");
      const amount = integer(required(values, "amount"), "amount") ?? 0;
      const { balanceAfter } = addCredits({ ctx, input: { accountId, amount } });
      return { account_id: accountId, amount, balance: balanceAfter };
    }
    case "seed": {
      const report = seedDataset(ctx.db, { seed: ctx.config.datasetSeed, now: ctx.clock.now() });
      return { database: ctx.config.databasePath, report };
    }
    default:
      throw usageError(`Unknown command '${command}'. ${CLI_USAGE}`);
  }
}

/** Runs one CLI command against the configured database; returns the exit code. */
export async function runCli(argv: readonly string[], io: CliIo = defaultIo, config: ServiceConfig = serviceConfigFromEnv(io.env)): Promise<number> {
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    io.stderr(JSON.stringify(usageError(error instanceof Error ? error.message : String(error)).toBody()));
    return 1;
  }
  const [command = "serve", ...rest] = parsed.positionals;
  const takesProduct = command === "import" || command === "export";
  const args = takesProduct ? rest.slice(0, 1) : [];
  const extra = takesProduct ? rest.slice(1) : rest;
  if (parsed.values.help) {
    io.stdout(JSON.stringify({ usage: CLI_USAGE }));
    return 0;
  }
  if (extra.length > 0) {
    io.stderr(JSON.stringify(usageError(`Unexpected argument '${extra[0]}'`).toBody()));
    return 1;
  }
  if (command === "serve") {
    const running = await startServer(config);
    io.stdout(JSON.stringify({ status: "listening", url: running.url, openapi: `${running.url}/v1/openapi.json` }));
    const shutdown = () => void running.close().then(() => process.exit(0));
    process.once("SIGINT", shutdown);
    process.once("SIGTERM", shutdown);
    return 0;
  }
  const db = openDatabase(config.databasePath);
  const service = createService({ db, config });
  try {
    const result = await runCommand(command, parsed.values, service.ctx, args);
    io.stdout(JSON.stringify(result, null, 2));
    return 0;
  } catch (error) {
    const body = isAlphaError(error) ? error.toBody() : { error: { code: "internal_error", message: error instanceof Error ? error.message : String(error) } };
    io.stderr(JSON.stringify(body));
    return 1;
  } finally {
    service.close();
    db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCli(process.argv.slice(2)).then(
    (code) => {
      if (code !== 0) process.exit(code);
    },
    (error: unknown) => {
      process.stderr.write(`${JSON.stringify({ error: { code: "internal_error", message: error instanceof Error ? error.message : String(error) } })}\n`);
      process.exit(1);
    },
  );
}
