/**
 * The service's SQLite schema, as ordered migrations. Each runs once, in a transaction, and is recorded in
 * `schema_migrations`. Append new migrations; never edit one that has shipped.
 *
 * Conventions: `*_ms` columns hold epoch milliseconds for filtering and ordering; the matching text column
 * holds the wire value exactly as the interface returns it. JSON columns hold serialised JSON.
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
];
