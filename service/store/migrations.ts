/**
 * The service's SQLite schema as ordered migrations, each run once in a transaction; append, never edit a shipped one.
 * `*_ms` columns hold epoch milliseconds for filtering; the matching text column holds the wire value.
 */
export interface Migration {
  id: number;
  name: string;
  sql: string;
}

export const migrations: Migration[] = [
  {
    id: 1,
    name: "core",
    sql: `
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE plans (
  id TEXT PRIMARY KEY,              -- sandbox | starter | pro
  name TEXT NOT NULL,
  rpm INTEGER NOT NULL,
  daily INTEGER NOT NULL,
  credits INTEGER NOT NULL,         -- credits granted on creation / per cycle
  websocket INTEGER NOT NULL        -- 1 when the plan may hold WebSocket add-ons
);

CREATE TABLE accounts (
  id TEXT PRIMARY KEY,              -- acc_...
  name TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'active',   -- active | disabled
  plan_id TEXT NOT NULL REFERENCES plans(id),
  balance INTEGER NOT NULL CHECK (balance >= 0),
  reserved INTEGER NOT NULL DEFAULT 0,
  products TEXT NOT NULL,           -- JSON array of enabled REST product names (see lib/alpha PRODUCTS)
  websocket_addons TEXT NOT NULL,   -- JSON array of { product, tier, enabled }
  retention_policy TEXT NOT NULL,   -- JSON object, e.g. { "allow_opt_out": true }
  metadata TEXT NOT NULL,           -- JSON object (crm_id, ...)
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,              -- key_...
  account_id TEXT NOT NULL REFERENCES accounts(id),
  key_hash TEXT NOT NULL UNIQUE,    -- hex SHA-256 of the full key
  prefix TEXT NOT NULL,             -- first characters, for display
  label TEXT,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX api_keys_account ON api_keys(account_id);

CREATE TABLE ledger (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  key_id TEXT,
  entry_type TEXT NOT NULL,         -- debit | topup | grant | refund
  amount INTEGER NOT NULL,          -- signed: debits negative
  balance_after INTEGER NOT NULL,
  route_id TEXT,                    -- catalogue endpoint id for debits
  reference_id TEXT,                -- request id, batch job id ...
  metadata TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  ist_day TEXT NOT NULL             -- YYYY-MM-DD in Asia/Kolkata, for debited_today
);
CREATE INDEX ledger_account_day ON ledger(account_id, ist_day);

CREATE TABLE request_log (          -- one row per counted request, for rpm (sliding minute) and daily limits
  account_id TEXT NOT NULL,
  at_ms INTEGER NOT NULL,
  ist_day TEXT NOT NULL
);
CREATE INDEX request_log_account_at ON request_log(account_id, at_ms);
CREATE INDEX request_log_account_day ON request_log(account_id, ist_day);

CREATE TABLE companies (
  symbol TEXT PRIMARY KEY,
  company_name TEXT NOT NULL,
  scrip_code TEXT NOT NULL UNIQUE,
  isin TEXT NOT NULL,
  sector TEXT NOT NULL,
  industry TEXT NOT NULL,
  basic_industry TEXT NOT NULL,
  macro_economic_indicator TEXT NOT NULL,
  market_cap REAL NOT NULL,         -- INR crore
  logo TEXT NOT NULL                -- path of the logo, relative to the public base URL
);

CREATE TABLE earnings (
  id TEXT PRIMARY KEY,
  symbol TEXT NOT NULL REFERENCES companies(symbol),
  quarter TEXT NOT NULL,            -- qN_YY
  date TEXT NOT NULL,               -- ingestion time, ISO with offset
  date_ms INTEGER NOT NULL,
  summary TEXT NOT NULL,
  earnings_table TEXT,              -- JSON { unit, periods, rows: [{ label, values }] }
  earnings_significant INTEGER NOT NULL DEFAULT 0,
  has_attachment INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX earnings_date ON earnings(date_ms DESC);
CREATE INDEX earnings_symbol_quarter ON earnings(symbol, quarter);

CREATE TABLE upcoming_earnings (
  id TEXT PRIMARY KEY,
  event_id TEXT NOT NULL,
  symbol TEXT NOT NULL REFERENCES companies(symbol),
  purpose TEXT NOT NULL,
  title TEXT NOT NULL,
  bm_desc TEXT NOT NULL,
  body TEXT NOT NULL,
  date TEXT NOT NULL,               -- scheduled results date (ISO date or datetime)
  date_ms INTEGER NOT NULL,
  quarter TEXT NOT NULL
);
CREATE INDEX upcoming_earnings_date ON upcoming_earnings(date_ms);

CREATE TABLE alerts (
  id TEXT PRIMARY KEY,
  symbol TEXT NOT NULL REFERENCES companies(symbol),
  type TEXT NOT NULL,               -- output type: 52w_high ... vol_alert ... volume_alert
  reason TEXT NOT NULL,
  timestamp TEXT NOT NULL,          -- canonical UTC, ISO with Z
  ts_ms INTEGER NOT NULL,
  price TEXT,                       -- JSON { value, change_percent, as_of } for price alerts, else NULL
  primary_drivers TEXT NOT NULL,    -- JSON array of string
  important INTEGER NOT NULL DEFAULT 0  -- 1 when in the curated feed
);
CREATE INDEX alerts_ts ON alerts(ts_ms DESC);
CREATE INDEX alerts_symbol_ts ON alerts(symbol, ts_ms DESC);

CREATE TABLE news (
  id TEXT PRIMARY KEY,
  symbol TEXT NOT NULL REFERENCES companies(symbol),
  title TEXT NOT NULL,
  specific_title TEXT,
  summary TEXT NOT NULL,
  long_summary TEXT,
  sentiment TEXT NOT NULL,          -- positive | negative | neutral
  source TEXT NOT NULL,
  article_type TEXT NOT NULL,
  link TEXT NOT NULL,
  date TEXT NOT NULL,
  date_ms INTEGER NOT NULL
);
CREATE INDEX news_date ON news(date_ms DESC);
CREATE INDEX news_symbol_date ON news(symbol, date_ms DESC);

CREATE TABLE block_deals (
  id TEXT PRIMARY KEY,
  symbol TEXT NOT NULL REFERENCES companies(symbol),
  exchange TEXT NOT NULL,           -- NSE | BSE | NSE/BSE
  trade_value_cr REAL NOT NULL,
  shares INTEGER NOT NULL,
  price REAL NOT NULL,
  date TEXT NOT NULL,
  date_ms INTEGER NOT NULL
);
CREATE INDEX block_deals_date ON block_deals(date_ms DESC);

CREATE TABLE concalls (
  id TEXT PRIMARY KEY,
  symbol TEXT NOT NULL REFERENCES companies(symbol),
  quarter TEXT NOT NULL,            -- the quarter discussed, qN_YY
  date TEXT NOT NULL,               -- ingestion time of the concall filing; no UTC offset (as the sample)
  date_ms INTEGER NOT NULL,
  meeting_date TEXT NOT NULL,       -- scheduled call time, ISO UTC with Z
  meeting_ms INTEGER NOT NULL,
  short_analysis TEXT,              -- JSON { guidance, redflags }; NULL until the call has happened
  sentiment_analysis TEXT,          -- JSON { sentiment: { key_indicators: { positive, negative } } }
  expanded_analysis TEXT,           -- JSON { sections: [{ heading, paragraphs }] }
  has_transcript INTEGER NOT NULL DEFAULT 0, -- transcript text is rebuilt deterministically from the row on demand
  has_recording INTEGER NOT NULL DEFAULT 0,
  intimation_attachment TEXT        -- path of the meeting-intimation attachment
);
CREATE INDEX concalls_date ON concalls(date_ms DESC);
CREATE INDEX concalls_symbol_quarter ON concalls(symbol, quarter);
CREATE INDEX concalls_meeting ON concalls(meeting_ms);

CREATE TABLE announcements (
  id TEXT PRIMARY KEY,
  symbol TEXT NOT NULL REFERENCES companies(symbol),
  category TEXT NOT NULL,
  related_categories TEXT NOT NULL, -- JSON array; never holds Others nor the primary
  important INTEGER NOT NULL,       -- 1 when the primary category is in the important group
  summary TEXT NOT NULL,
  long_summary TEXT NOT NULL,
  date TEXT NOT NULL,
  date_ms INTEGER NOT NULL
);
CREATE INDEX announcements_date ON announcements(date_ms DESC);
CREATE INDEX announcements_symbol_date ON announcements(symbol, date_ms DESC);
`,
  },
  {
    id: 2,
    name: "plans and account limits",
    sql: `
INSERT INTO plans (id, name, rpm, daily, credits, websocket) VALUES
  ('sandbox', 'Sandbox', 10, 1000, 1000, 0),
  ('starter', 'Starter', 60, 60000, 10000, 1),
  ('pro', 'Pro', 180, 180000, 50000, 1)
ON CONFLICT(id) DO NOTHING;

-- Per-account overrides of the plan's limits (NULL = the plan's value); for enterprise deals and the bench.
ALTER TABLE accounts ADD COLUMN rpm_limit INTEGER;
ALTER TABLE accounts ADD COLUMN daily_limit INTEGER;
`,
  },
  {
    id: 3,
    name: "data version",
    sql: `
-- Bumped by any write to the dataset tables (from any connection), so cached responses know when they are stale.
CREATE TABLE data_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT INTO data_version (id, version) VALUES (1, 0);
CREATE TRIGGER companies_insert_version AFTER INSERT ON companies BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER companies_update_version AFTER UPDATE ON companies BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER companies_delete_version AFTER DELETE ON companies BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER earnings_insert_version AFTER INSERT ON earnings BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER earnings_update_version AFTER UPDATE ON earnings BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER earnings_delete_version AFTER DELETE ON earnings BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER upcoming_earnings_insert_version AFTER INSERT ON upcoming_earnings BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER upcoming_earnings_update_version AFTER UPDATE ON upcoming_earnings BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER upcoming_earnings_delete_version AFTER DELETE ON upcoming_earnings BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER alerts_insert_version AFTER INSERT ON alerts BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER alerts_update_version AFTER UPDATE ON alerts BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER alerts_delete_version AFTER DELETE ON alerts BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER news_insert_version AFTER INSERT ON news BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER news_update_version AFTER UPDATE ON news BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER news_delete_version AFTER DELETE ON news BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER block_deals_insert_version AFTER INSERT ON block_deals BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER block_deals_update_version AFTER UPDATE ON block_deals BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER block_deals_delete_version AFTER DELETE ON block_deals BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER concalls_insert_version AFTER INSERT ON concalls BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER concalls_update_version AFTER UPDATE ON concalls BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER concalls_delete_version AFTER DELETE ON concalls BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER announcements_insert_version AFTER INSERT ON announcements BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER announcements_update_version AFTER UPDATE ON announcements BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER announcements_delete_version AFTER DELETE ON announcements BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END;
`,
  },
  {
    id: 4,
    name: "auth version",
    sql: `
-- Bumped by any change to keys, plans or an account's entitlements (not its balance), so key lookups can be cached.
ALTER TABLE data_version ADD COLUMN auth INTEGER NOT NULL DEFAULT 0;
CREATE TRIGGER api_keys_insert_auth AFTER INSERT ON api_keys BEGIN UPDATE data_version SET auth = auth + 1 WHERE id = 1; END;
CREATE TRIGGER api_keys_update_auth AFTER UPDATE ON api_keys BEGIN UPDATE data_version SET auth = auth + 1 WHERE id = 1; END;
CREATE TRIGGER api_keys_delete_auth AFTER DELETE ON api_keys BEGIN UPDATE data_version SET auth = auth + 1 WHERE id = 1; END;
CREATE TRIGGER accounts_insert_auth AFTER INSERT ON accounts BEGIN UPDATE data_version SET auth = auth + 1 WHERE id = 1; END;
CREATE TRIGGER accounts_update_auth AFTER UPDATE OF status, plan_id, products, websocket_addons, retention_policy, metadata, name, rpm_limit, daily_limit, reserved, created_at ON accounts BEGIN UPDATE data_version SET auth = auth + 1 WHERE id = 1; END;
CREATE TRIGGER accounts_delete_auth AFTER DELETE ON accounts BEGIN UPDATE data_version SET auth = auth + 1 WHERE id = 1; END;
CREATE TRIGGER plans_insert_auth AFTER INSERT ON plans BEGIN UPDATE data_version SET auth = auth + 1 WHERE id = 1; END;
CREATE TRIGGER plans_update_auth AFTER UPDATE ON plans BEGIN UPDATE data_version SET auth = auth + 1 WHERE id = 1; END;
CREATE TRIGGER plans_delete_auth AFTER DELETE ON plans BEGIN UPDATE data_version SET auth = auth + 1 WHERE id = 1; END;
`,
  },
  {
    id: 20,
    name: "daily summaries and batch jobs",
    sql: `
-- One row per single daily summary, for audit. On a retention opt-out the content columns stay NULL.
CREATE TABLE summary_requests (
  id TEXT PRIMARY KEY,              -- the response's details.request_id
  account_id TEXT NOT NULL REFERENCES accounts(id),
  key_id TEXT NOT NULL,
  mode TEXT NOT NULL,
  status TEXT NOT NULL,             -- success | success_no_news | success_no_signal | error
  credits_charged INTEGER NOT NULL,
  symbol_count INTEGER NOT NULL,
  content_retained INTEGER NOT NULL, -- 0 when the caller sent X-Alpha-Content-Retention: none
  request TEXT,                     -- JSON request body; NULL when not retained
  summary TEXT,                     -- generated markdown; NULL when not retained
  created_at TEXT NOT NULL,
  created_ms INTEGER NOT NULL
);
CREATE INDEX summary_requests_account ON summary_requests(account_id, created_ms DESC);

CREATE TABLE batch_jobs (
  id TEXT PRIMARY KEY,              -- batch_...
  account_id TEXT NOT NULL REFERENCES accounts(id),
  key_id TEXT NOT NULL,             -- the only key that may see the job
  status TEXT NOT NULL,             -- pending | in_progress | completed | cancelled
  display_name TEXT,
  metadata TEXT,                    -- JSON object, or NULL
  retain_content INTEGER NOT NULL,  -- 0: each line's request is blanked once the line is done
  total INTEGER NOT NULL,
  completed INTEGER NOT NULL DEFAULT 0,  -- lines answered with a summary response
  failed INTEGER NOT NULL DEFAULT 0,     -- lines answered with an error
  submit_credits INTEGER NOT NULL,
  item_credits INTEGER NOT NULL DEFAULT 0,
  billable_items INTEGER NOT NULL DEFAULT 0,
  free_items INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,      -- epoch seconds, as on the wire
  created_ms INTEGER NOT NULL,
  in_progress_at INTEGER,
  completed_at INTEGER,
  cancelled_at INTEGER
);
CREATE INDEX batch_jobs_key_created ON batch_jobs(key_id, created_ms DESC);
CREATE INDEX batch_jobs_active ON batch_jobs(created_ms) WHERE status IN ('pending', 'in_progress');

-- A line is done exactly when its result is written; the worker writes it, its charge and the job's
-- counts in one transaction, so a crash leaves a line either untouched or wholly done.
CREATE TABLE batch_lines (
  job_id TEXT NOT NULL REFERENCES batch_jobs(id),
  line_no INTEGER NOT NULL,         -- 1-based position among the file's requests: the results order
  id TEXT NOT NULL,                 -- the result line's id
  custom_id TEXT NOT NULL,
  request TEXT,                     -- JSON request; NULL once done when the job opted out of retention
  state TEXT NOT NULL DEFAULT 'pending', -- pending | done
  result TEXT,                      -- JSON result line, once done
  credits_charged INTEGER NOT NULL DEFAULT 0,
  finished_ms INTEGER,
  PRIMARY KEY (job_id, line_no)
) WITHOUT ROWID;
CREATE INDEX batch_lines_pending ON batch_lines(job_id, line_no) WHERE state = 'pending';
`,
  },
  {
    id: 30,
    name: "market simulator: calls awaiting their analysis",
    sql: `
-- The simulator looks for held calls without an analysis every tick; this keeps that a short index scan.
CREATE INDEX concalls_pending_analysis ON concalls(meeting_ms) WHERE short_analysis IS NULL;
`,
  },
  {
    id: 31,
    name: "imports from another process: rows for the running service to publish",
    sql: `
-- An import run from the command line writes its stream rows here in the same transaction; the running service
-- relays them to its live subscribers (service/dataset/import-relay.ts) and trims what it has sent.
CREATE TABLE import_outbox (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  product TEXT NOT NULL,
  id TEXT NOT NULL,
  symbol TEXT NOT NULL,
  created_ms INTEGER NOT NULL
);
`,
  },
  {
    id: 40,
    name: "account ledger: newest-first pages",
    sql: `
-- GET /v1/account/ledger reads an account's rows by descending id; the day index alone would sort every row.
CREATE INDEX ledger_account_id ON ledger(account_id, id);
`,
  },
  {
    id: 50,
    name: "stored wire JSON per row",
    sql: `
-- Each dataset row keeps its answer as JSON text, written by the store with the row (service/store/wire.ts):
-- wire is the row's list shape; wire_detail the members its detailed shape appends (companies: the catalogue shape).
-- A database made before this migration gets the columns empty; openDatabase fills them (fillMissingWire).
ALTER TABLE companies ADD COLUMN wire TEXT;
ALTER TABLE companies ADD COLUMN wire_detail TEXT;
ALTER TABLE news ADD COLUMN wire TEXT;
ALTER TABLE alerts ADD COLUMN wire TEXT;
ALTER TABLE block_deals ADD COLUMN wire TEXT;
ALTER TABLE announcements ADD COLUMN wire TEXT;
ALTER TABLE announcements ADD COLUMN wire_detail TEXT;
ALTER TABLE earnings ADD COLUMN wire TEXT;
ALTER TABLE earnings ADD COLUMN wire_detail TEXT;
ALTER TABLE upcoming_earnings ADD COLUMN wire TEXT;
ALTER TABLE concalls ADD COLUMN wire TEXT;
ALTER TABLE concalls ADD COLUMN wire_detail TEXT;

-- A write to a row's columns that leaves its JSON as it was (another connection, a hand edit, an older version) clears it,
-- so stale JSON is never served: readers answer a row without JSON with the mapper, and the next open fills it.
CREATE TRIGGER companies_wire_stale AFTER UPDATE OF symbol, company_name, scrip_code, isin, sector, industry, basic_industry, macro_economic_indicator, market_cap, logo ON companies
  WHEN NEW.wire IS OLD.wire AND NEW.wire_detail IS OLD.wire_detail BEGIN UPDATE companies SET wire = NULL, wire_detail = NULL WHERE rowid = NEW.rowid; END;
CREATE TRIGGER news_wire_stale AFTER UPDATE OF id, symbol, title, specific_title, summary, long_summary, sentiment, source, article_type, link, date, date_ms ON news
  WHEN NEW.wire IS OLD.wire BEGIN UPDATE news SET wire = NULL WHERE rowid = NEW.rowid; END;
CREATE TRIGGER alerts_wire_stale AFTER UPDATE OF id, symbol, type, reason, timestamp, ts_ms, price, primary_drivers, important ON alerts
  WHEN NEW.wire IS OLD.wire BEGIN UPDATE alerts SET wire = NULL WHERE rowid = NEW.rowid; END;
CREATE TRIGGER block_deals_wire_stale AFTER UPDATE OF id, symbol, exchange, trade_value_cr, shares, price, date, date_ms ON block_deals
  WHEN NEW.wire IS OLD.wire BEGIN UPDATE block_deals SET wire = NULL WHERE rowid = NEW.rowid; END;
CREATE TRIGGER announcements_wire_stale AFTER UPDATE OF id, symbol, category, related_categories, important, summary, long_summary, date, date_ms ON announcements
  WHEN NEW.wire IS OLD.wire AND NEW.wire_detail IS OLD.wire_detail BEGIN UPDATE announcements SET wire = NULL, wire_detail = NULL WHERE rowid = NEW.rowid; END;
CREATE TRIGGER earnings_wire_stale AFTER UPDATE OF id, symbol, quarter, date, date_ms, summary, earnings_table, earnings_significant, has_attachment ON earnings
  WHEN NEW.wire IS OLD.wire AND NEW.wire_detail IS OLD.wire_detail BEGIN UPDATE earnings SET wire = NULL, wire_detail = NULL WHERE rowid = NEW.rowid; END;
CREATE TRIGGER upcoming_earnings_wire_stale AFTER UPDATE OF id, event_id, symbol, purpose, title, bm_desc, body, date, date_ms, quarter ON upcoming_earnings
  WHEN NEW.wire IS OLD.wire BEGIN UPDATE upcoming_earnings SET wire = NULL WHERE rowid = NEW.rowid; END;
CREATE TRIGGER concalls_wire_stale AFTER UPDATE OF id, symbol, quarter, date, date_ms, meeting_date, meeting_ms, short_analysis, sentiment_analysis, expanded_analysis, has_transcript, has_recording, intimation_attachment ON concalls
  WHEN NEW.wire IS OLD.wire AND NEW.wire_detail IS OLD.wire_detail BEGIN UPDATE concalls SET wire = NULL, wire_detail = NULL WHERE rowid = NEW.rowid; END;
-- Rows that carry a company's name or scrip code go stale with it.
CREATE TRIGGER companies_wire_rows_stale AFTER UPDATE OF company_name, scrip_code ON companies
  WHEN NEW.company_name IS NOT OLD.company_name OR NEW.scrip_code IS NOT OLD.scrip_code BEGIN
  UPDATE news SET wire = NULL WHERE symbol = NEW.symbol;
  UPDATE block_deals SET wire = NULL WHERE symbol = NEW.symbol;
  UPDATE announcements SET wire = NULL, wire_detail = NULL WHERE symbol = NEW.symbol;
  UPDATE earnings SET wire = NULL, wire_detail = NULL WHERE symbol = NEW.symbol;
  UPDATE upcoming_earnings SET wire = NULL WHERE symbol = NEW.symbol;
END;

-- Rows still to fill, found without a table scan on every open.
CREATE INDEX companies_wire_missing ON companies(symbol) WHERE wire IS NULL OR wire_detail IS NULL;
CREATE INDEX news_wire_missing ON news(id) WHERE wire IS NULL;
CREATE INDEX alerts_wire_missing ON alerts(id) WHERE wire IS NULL;
CREATE INDEX block_deals_wire_missing ON block_deals(id) WHERE wire IS NULL;
CREATE INDEX announcements_wire_missing ON announcements(id) WHERE wire IS NULL OR wire_detail IS NULL;
CREATE INDEX earnings_wire_missing ON earnings(id) WHERE wire IS NULL OR wire_detail IS NULL;
CREATE INDEX upcoming_earnings_wire_missing ON upcoming_earnings(id) WHERE wire IS NULL;
CREATE INDEX concalls_wire_missing ON concalls(id) WHERE wire IS NULL OR wire_detail IS NULL;
`,
  },
  {
    id: 51,
    name: "listing indexes in answer order",
    sql: `
-- Listings are newest first with the id breaking ties (ORDER BY date_ms DESC, id DESC). Indexes in exactly that order
-- let a page stop after its rows instead of sorting every tie in a temporary tree; the main news, alerts and block-deal
-- feeds also carry each row's stored JSON, so their pages are read from the index alone.
DROP INDEX news_date;
CREATE INDEX news_date ON news(date_ms DESC, id DESC, wire);
DROP INDEX news_symbol_date;
CREATE INDEX news_symbol_date ON news(symbol, date_ms DESC, id DESC);
DROP INDEX alerts_ts;
CREATE INDEX alerts_ts ON alerts(ts_ms DESC, id DESC, wire);
DROP INDEX alerts_symbol_ts;
CREATE INDEX alerts_symbol_ts ON alerts(symbol, ts_ms DESC, id DESC);
DROP INDEX block_deals_date;
CREATE INDEX block_deals_date ON block_deals(date_ms DESC, id DESC, wire);
DROP INDEX announcements_date;
CREATE INDEX announcements_date ON announcements(date_ms DESC, id DESC);
DROP INDEX announcements_symbol_date;
CREATE INDEX announcements_symbol_date ON announcements(symbol, date_ms DESC, id DESC);
DROP INDEX earnings_date;
CREATE INDEX earnings_date ON earnings(date_ms DESC, id DESC);
DROP INDEX concalls_date;
CREATE INDEX concalls_date ON concalls(date_ms DESC, id DESC);
DROP INDEX upcoming_earnings_date;
CREATE INDEX upcoming_earnings_date ON upcoming_earnings(date_ms, id);
`,
  },
  {
    id: 52,
    name: "news by sentiment in answer order",
    sql: `
-- A news page filtered by sentiment (the feed's sentiment filter) read every row of the table to find its page: no index
-- led with sentiment. In answer order, the page is the index's first rows for that sentiment (107 -> 27 µs).
CREATE INDEX news_sentiment_date ON news(sentiment, date_ms DESC, id DESC);
`,
  },
  {
    id: 53,
    name: "narrow listing indexes for pages from memory",
    sql: `
-- Migration 51 put each row's stored JSON in the main news, alerts and block-deal indexes so a page could be read from
-- the index alone. Those pages now read only the page's rowids (the rows' JSON is held in memory per dataset version:
-- memoPage in service/routes/shared.ts), and walking an index whose entries carry ≈650 bytes of JSON visits ten times
-- the pages a narrow one does (a plain news page's rowid statement 60 -> 33 µs, a later page 76 -> 34 µs).
DROP INDEX news_date;
CREATE INDEX news_date ON news(date_ms DESC, id DESC);
DROP INDEX alerts_ts;
CREATE INDEX alerts_ts ON alerts(ts_ms DESC, id DESC);
DROP INDEX block_deals_date;
CREATE INDEX block_deals_date ON block_deals(date_ms DESC, id DESC);
`,
  },
  {
    id: 70,
    name: "exchange files: scrip list, symbol aliases, daily prices, results figures, calendar stamps",
    sql: `
-- What the exchanges' own files carry beyond the interface's rows (service/exchange): BSE's scrip list (codes by ISIN),
-- other names a stored company goes by (an NSE rename), one EQ close per company and day (for the alerts bhavcopy days
-- derive), a quarter's figures from the results comparison, and the exchange time of the row that last set a meeting.
CREATE TABLE exchange_scrips (
  scrip_code TEXT PRIMARY KEY,
  security_id TEXT NOT NULL,
  name TEXT NOT NULL,
  isin TEXT NOT NULL,
  industry TEXT NOT NULL DEFAULT ''
);
CREATE INDEX exchange_scrips_isin ON exchange_scrips(isin);

CREATE TABLE exchange_aliases (
  alias TEXT PRIMARY KEY,
  symbol TEXT NOT NULL REFERENCES companies(symbol)
);

CREATE TABLE exchange_prices (
  symbol TEXT NOT NULL REFERENCES companies(symbol),
  day TEXT NOT NULL,                -- IST trading day, YYYY-MM-DD
  open REAL,
  high REAL,
  low REAL,
  close REAL NOT NULL,
  prev_close REAL,
  volume INTEGER,
  delivery INTEGER,                 -- delivered quantity; null when the file has none (UDiFF)
  PRIMARY KEY (symbol, day)
) WITHOUT ROWID;

CREATE TABLE exchange_results (     -- NSE's results comparison, in ₹ crore (the file's ₹ lakh / 100)
  symbol TEXT NOT NULL REFERENCES companies(symbol),
  quarter TEXT NOT NULL,            -- qN_YY of the period's end
  revenue_cr REAL,
  profit_cr REAL,
  eps REAL,
  PRIMARY KEY (symbol, quarter)
) WITHOUT ROWID;

CREATE TABLE exchange_calendar (
  id TEXT PRIMARY KEY,              -- upcoming_earnings.id the row set (or cancelled)
  stamp_ms INTEGER NOT NULL,        -- the exchange's time of that row
  cancelled INTEGER NOT NULL DEFAULT 0
);
`,
  },
  {
    id: 75,
    name: "upcoming meetings listed from their intimation",
    sql: `
-- A board meeting reaches the calendar when its intimation is filed: the moment it was (NULL: listed as stored).
ALTER TABLE upcoming_earnings ADD COLUMN announced_ms INTEGER;
`,
  },
];
