import { ANNOUNCEMENT_CATEGORIES, type AnnouncementCategory } from "../../lib/alpha/announcements";

// Phrase banks for the deterministic data generator.
// Templates use {placeholder} tokens listed in `phrasePlaceholders`. Numeric
// placeholders render as unsigned magnitudes ("14.2%", "120 bps"); the template
// wording carries the direction (rose/fell), so pick a bank that matches the data.
// A placeholder repeated within one template refers to the same value.
// Earnings banks: positive = all growth figures are increases; negative = all are
// declines; mixed = revenue and EBITDA rose while PAT fell.

export type Sentiment = "positive" | "negative" | "neutral";

export interface SentimentBank {
  positive: readonly string[];
  negative: readonly string[];
  neutral: readonly string[];
}

export interface EarningsBank {
  positive: readonly string[];
  negative: readonly string[];
  mixed: readonly string[];
}

export interface NewsSource {
  name: string;
  domain: string;
}

export type NewsArticleType =
  | "news"
  | "analysis"
  | "interview"
  | "opinion"
  | "press_release"
  | "brokerage_view";

export type AlertType =
  | "52w_high"
  | "52w_low"
  | "earnings"
  | "high_growth_concalls"
  | "price_alert"
  | "vol_alert"
  | "volume_alert";

export interface AnalysisSectionTemplate {
  heading: string;
  paragraphs: readonly string[];
}

/** The interface's categories, from the contract: every one needs summaries below. */
export const announcementCategories = ANNOUNCEMENT_CATEGORIES;
export type { AnnouncementCategory };

// What each placeholder renders to. Growth and change values are magnitudes.
export const phrasePlaceholders: Readonly<Record<string, string>> = {
  company: "Company name, e.g. \"Reliance Industries Ltd.\"",
  symbol: "NSE symbol, e.g. \"RELIANCE\"",
  sector: "Sector label, e.g. \"Capital Goods\"",
  quarter: "Fiscal quarter, e.g. \"Q2 FY26\"",
  fy: "Current fiscal year, e.g. \"FY26\"",
  nextFy: "Next fiscal year, e.g. \"FY27\"",
  lastFy: "The fiscal year just ended (an annual report's year), e.g. \"FY25\"",
  exportShare: "Exports as a share of revenue from the quarter's fact sheet, e.g. \"18%\"",
  periodEnd: "Quarter-end date, e.g. \"September 30, 2025\"",
  date: "Calendar date, e.g. \"November 12, 2025\"",
  pct: "Percentage magnitude, e.g. \"4.2%\"",
  amount: "Rupee amount, e.g. \"₹1,240 crore\"",
  price: "Share price, e.g. \"₹1,482.50\"",
  targetPrice: "Brokerage target price, e.g. \"₹1,650\"",
  dps: "Dividend per share, e.g. \"₹8.50\"",
  ratio: "Corporate-action ratio, e.g. \"1:1\"",
  rating: "Credit rating with agency, e.g. \"CRISIL AA+/Stable\"",
  multiple: "Multiple of average volume or range, e.g. \"3.4x\"",
  margin: "Margin level, e.g. \"21.4%\"",
  marginChange: "Margin change in basis points, e.g. \"120 bps\"",
  revenueGrowth: "Revenue change magnitude, e.g. \"14.2%\"",
  ebitdaGrowth: "EBITDA change magnitude, e.g. \"11.8%\"",
  patGrowth: "Net profit change magnitude, e.g. \"18.5%\"",
  source: "Publisher name from newsSources, e.g. \"Mint\"",
  brokerage: "Brokerage name from analystFirms",
  person: "Full name built from personFirstNames and personLastNames",
  designation: "Role from managementDesignations",
};

export const newsSources: readonly NewsSource[] = [
  { name: "The Economic Times", domain: "economictimes.indiatimes.com" },
  { name: "Business Standard", domain: "business-standard.com" },
  { name: "Mint", domain: "livemint.com" },
  { name: "Moneycontrol", domain: "moneycontrol.com" },
  { name: "CNBC-TV18", domain: "cnbctv18.com" },
  { name: "Financial Express", domain: "financialexpress.com" },
  { name: "The Hindu BusinessLine", domain: "thehindubusinessline.com" },
  { name: "NDTV Profit", domain: "ndtvprofit.com" },
  { name: "Reuters", domain: "reuters.com" },
  { name: "Bloomberg", domain: "bloomberg.com" },
  { name: "Business Today", domain: "businesstoday.in" },
  { name: "ET Now", domain: "etnownews.com" },
  { name: "Zee Business", domain: "zeebiz.com" },
  { name: "The Hindu", domain: "thehindu.com" },
  { name: "Hindustan Times", domain: "hindustantimes.com" },
  { name: "The Indian Express", domain: "indianexpress.com" },
  { name: "Fortune India", domain: "fortuneindia.com" },
  { name: "Outlook Business", domain: "outlookbusiness.com" },
  { name: "Press Trust of India", domain: "ptinews.com" },
  { name: "Inc42", domain: "inc42.com" },
];

export const newsArticleTypes: readonly NewsArticleType[] = [
  "news",
  "analysis",
  "interview",
  "opinion",
  "press_release",
  "brokerage_view",
];

export const newsTitles: SentimentBank = {
  positive: [
    "{company} shares jump {pct} after {quarter} profit beats Street estimates",
    "{company} {quarter} results: net profit rises {patGrowth} YoY, revenue up {revenueGrowth}",
    "{brokerage} upgrades {company} to 'Buy', sees {pct} upside",
    "{company} bags order worth {amount}; stock hits fresh 52-week high",
    "{symbol} rallies {pct} as management raises {fy} growth guidance",
    "{company} board approves share buyback worth {amount}",
    "{company} wins {amount} contract from state-run utility",
    "{company} posts record quarterly revenue of {amount} in {quarter}",
    "{company} margins expand {marginChange} as input costs ease",
    "FPIs raise stake in {company}; shares extend winning streak",
    "{company} stock surges {pct} on heavy volumes, hits all-time high",
    "{company} unveils {amount} capex plan to expand capacity by {nextFy}",
    "{company} declares interim dividend of {dps} per share",
    "{company} climbs {pct} after rating upgrade to {rating}",
    "Why {brokerage} is bullish on {company}, sets target price of {targetPrice}",
    "{company} turns net-debt free ahead of schedule",
    "{company} EBITDA grows {ebitdaGrowth} in {quarter}; margin at {margin}",
    "{symbol} market capitalisation crosses {amount}",
    "{company} completes {amount} acquisition, sees deal accretive from {nextFy}",
    "Mutual funds add {company} shares for the third straight month",
    "{company} order book swells to {amount}, offering multi-year visibility",
    "{company} gains {pct} as promoters raise stake through open-market buying",
    "{company} {quarter} business update signals double-digit growth; stock up {pct}",
    "{company} among top Nifty gainers as {sector} stocks rally",
    "{company} announces bonus issue in {ratio} ratio; shares rise {pct}",
    "{brokerage} initiates coverage on {company} with 'Buy', target {targetPrice}",
    "{company} beats estimates on all fronts in {quarter}; PAT up {patGrowth}",
    "{company} outperforms peers as demand recovery gathers pace",
    "{company} shares at record high after strong management commentary",
    "{company} sets ambitious {nextFy} targets; analysts see room for rerating",
  ],
  negative: [
    "{company} shares slump {pct} after {quarter} earnings miss estimates",
    "{company} net profit falls {patGrowth} YoY in {quarter} as costs bite",
    "{brokerage} downgrades {company} to 'Sell', cuts target to {targetPrice}",
    "{symbol} hits 52-week low as margin pressure persists",
    "{company} trims {fy} revenue guidance; stock tumbles {pct}",
    "{company} receives tax demand of {amount}; says it will appeal",
    "Promoter entity sells {pct} stake in {company} via block deal",
    "{company} shares under pressure after CFO steps down",
    "{company} {quarter}: EBITDA margin contracts {marginChange} on weak pricing",
    "{company} slips {pct} as rating agency revises outlook to negative",
    "{company} delays project commissioning, flags cost overruns",
    "FPIs trim holding in {company} for the second straight quarter",
    "{company} drops {pct} after large block trade at a discount",
    "{company} swings to a loss of {amount} in {quarter} on one-time impairment",
    "{company} warns of demand slowdown; shares fall {pct}",
    "{company} loses out on contract worth {amount}",
    "{company} slides as input cost inflation squeezes margins",
    "Why {brokerage} has turned cautious on {company}",
    "{company} among top Nifty losers, down {pct} in a week",
    "{company} {quarter} revenue declines {revenueGrowth}; near-term outlook muted",
    "{company} shares slip {pct} after promoter OFS priced at a discount",
    "{company} EBITDA drops {ebitdaGrowth} as operating leverage reverses",
    "{company} extends losing streak; stock down {pct} from recent peak",
    "{company} flags softer {nextFy} outlook citing pricing pressure",
    "{company} misses Street estimates in {quarter} for the third straight quarter",
    "{brokerage} cuts earnings estimates for {company} after weak {quarter}",
    "{company} shares fall as working capital stretches and cash flow weakens",
    "{company} under pressure as {sector} stocks see broad selling",
  ],
  neutral: [
    "{company} to announce {quarter} results on {date}",
    "{company} board to meet on {date} to consider fund raising",
    "{company} schedules {quarter} earnings call on {date}",
    "{company} appoints {person} as {designation}",
    "{company} shares trade flat ahead of {quarter} results",
    "{company} fixes record date for interim dividend",
    "{company} clarifies on media report, says no material development",
    "{company} {quarter} preview: what to expect from the earnings",
    "{company} AGM: key takeaways from the chairman's address",
    "{company} files annual report for {lastFy}",
    "{company} allots shares to employees under ESOP scheme",
    "{company} to raise up to {amount} through NCDs on private placement basis",
    "{company} incorporates wholly owned subsidiary",
    "Stocks to watch today: {company} among names in focus",
    "{company} shareholding pattern: FPI stake steady at {pct}",
    "{rating} reaffirmed for {company}'s bank facilities",
    "{company} management to meet analysts and institutional investors this week",
    "{company} realigns business segments for financial reporting",
    "{company} extends managing director's tenure by five years",
    "{company} publishes {quarter} results in newspapers",
    "{company} updates on progress of {amount} capex programme",
    "{brokerage} maintains 'Hold' on {company} with target price of {targetPrice}",
    "{company} closes trading window ahead of {quarter} results",
    "{company} responds to exchange query on recent price movement",
    "{company} seeks shareholder nod for related-party transactions via postal ballot",
    "{company} {quarter} results today: Street expects revenue growth of {revenueGrowth}",
    "{company} shares end little changed as markets await macro cues",
    "{company} completes payment of interest on non-convertible debentures",
  ],
};

export const newsSummaries: SentimentBank = {
  positive: [
    "{company} reported a {patGrowth} year-on-year rise in {quarter} net profit, ahead of analyst estimates, helped by stronger volumes and better product mix.",
    "Shares of {company} rose {pct} in early trade after the company reported its highest-ever quarterly revenue of {amount}.",
    "{brokerage} upgraded {company} to 'Buy' with a target price of {targetPrice}, citing improving return ratios and a healthy order pipeline.",
    "{company} said it has secured an order worth {amount}, taking its order book to a record high and improving revenue visibility for the next two years.",
    "Management at {company} raised its {fy} growth guidance after a strong first half, signalling confidence in the demand outlook.",
    "{company}'s board approved a buyback of shares worth {amount}, which analysts said reflects the company's strong cash position.",
    "{company}'s EBITDA margin expanded {marginChange} year-on-year to {margin} as raw material costs softened and operating leverage kicked in.",
    "Foreign portfolio investors increased their holding in {company} during the quarter, according to the latest shareholding data.",
    "{company} shares hit a fresh 52-week high after the company announced a {amount} expansion plan to be funded largely through internal accruals.",
    "{company} received a rating upgrade to {rating}, with the agency citing lower leverage and steady cash generation.",
    "The stock of {company} gained {pct} after the company turned net-cash positive, two quarters earlier than it had guided.",
    "{company} declared an interim dividend of {dps} per share alongside its {quarter} results, which beat estimates on revenue and margins.",
    "Domestic mutual funds added to their positions in {company} for a third consecutive month, data from fund disclosures showed.",
    "{company} said demand remained robust across its key markets, and it expects growth to stay in double digits through {nextFy}, according to {source}.",
    "Analysts at {brokerage} said {company} is well placed to gain market share, and raised earnings estimates for {fy} and {nextFy}.",
    "{company} completed the acquisition announced earlier this year and expects it to be earnings-accretive from {nextFy}.",
  ],
  negative: [
    "{company}'s {quarter} net profit fell {patGrowth} year-on-year, missing estimates as higher input costs and weak pricing weighed on margins.",
    "Shares of {company} fell {pct} after the company cut its {fy} revenue growth guidance, citing a slower-than-expected demand recovery.",
    "{brokerage} downgraded {company} to 'Sell' and lowered its target price to {targetPrice}, flagging rising competitive intensity.",
    "{company} reported an EBITDA margin contraction of {marginChange} in {quarter}, its weakest reading in several quarters.",
    "A promoter group entity sold {pct} of its stake in {company} through a block deal, pushing the stock lower in a weak market.",
    "{company} said it received a tax demand of {amount} and plans to contest it, adding that it does not expect a material impact on operations.",
    "{company}'s revenue declined {revenueGrowth} year-on-year in {quarter} as volumes slowed in its core business.",
    "The stock of {company} hit a 52-week low after management warned that the near-term outlook remains challenging.",
    "{company} flagged delays in commissioning its new capacity, which analysts expect will push back earnings growth by at least two quarters.",
    "Rating agency action on {company} saw the outlook revised to negative, citing a stretched balance sheet and elevated debt levels.",
    "{company} reported a loss of {amount} in {quarter}, dragged down by a one-time impairment charge on an overseas subsidiary.",
    "Foreign investors cut their stake in {company} for a second straight quarter amid concerns over slowing growth, as per {source}.",
    "Analysts at {brokerage} trimmed their earnings estimates for {company}, pointing to weak operating cash flow and a rise in receivables.",
    "{company} shares extended their decline as higher employee and marketing costs offset the benefit of modest revenue growth.",
    "{company} management said pricing pressure is likely to persist into {nextFy}, prompting several brokerages to cut target prices.",
    "The stock of {company} slipped {pct} after a large block of shares changed hands at a discount to the previous close.",
  ],
  neutral: [
    "{company} will announce its {quarter} results on {date}, followed by an earnings call with analysts and investors.",
    "{company} has appointed {person} as {designation}, effective immediately, according to an exchange filing.",
    "The board of {company} will meet on {date} to consider raising funds through debt or equity instruments.",
    "{company} said it has no information that would explain the recent movement in its share price, in response to an exchange query.",
    "{company} has fixed the record date for determining shareholders eligible for the interim dividend.",
    "{company} shares traded in a narrow range ahead of the company's {quarter} results, due later this week.",
    "{company} filed its annual report for {lastFy} with the stock exchanges, along with the notice of the annual general meeting.",
    "{company} allotted equity shares to eligible employees on exercise of stock options under its ESOP scheme.",
    "{rating} was reaffirmed for the bank facilities of {company}, with the agency citing a stable business profile.",
    "{company} incorporated a wholly owned subsidiary to house its new business vertical, the company said in a filing.",
    "Promoter holding in {company} remained unchanged during the quarter, while FPI ownership stood at {pct}.",
    "{brokerage} maintained its 'Hold' rating on {company} with a target price of {targetPrice}, saying valuations fairly reflect near-term growth.",
    "{company} management will meet institutional investors in Mumbai this week, according to a schedule filed with the exchanges.",
    "{company} said it will raise up to {amount} through non-convertible debentures on a private placement basis.",
    "The Street expects {company} to report revenue growth of {revenueGrowth} in {quarter}, according to a poll of analysts by {source}.",
    "{company} closed its trading window for designated persons until 48 hours after the declaration of {quarter} results.",
  ],
};

export const newsLongSummaries: SentimentBank = {
  positive: [
    "{company} reported a {patGrowth} year-on-year increase in consolidated net profit for {quarter}, comfortably ahead of consensus estimates. Revenue from operations rose {revenueGrowth} to {amount}, driven by healthy volume growth and a richer product mix. EBITDA margin improved {marginChange} to {margin} as raw material costs eased. Management said it expects the momentum to continue into the second half of {fy}.",
    "Shares of {company} jumped {pct} to a record high after the company announced an order win worth {amount}. The contract, to be executed over the next 24 months, takes the company's order book to its highest level ever. Analysts said the order underlines the company's competitive position and improves earnings visibility well into {nextFy}.",
    "{brokerage} upgraded {company} to 'Buy' from 'Hold' and raised its target price to {targetPrice}, implying upside of {pct} from current levels. The brokerage expects earnings to compound in the high teens over the next two years, supported by margin expansion and disciplined capital allocation. It also noted that the balance sheet is now net cash, giving the company room to invest through the cycle.",
    "The board of {company} approved a buyback of equity shares worth {amount} through the tender offer route. The buyback price represents a meaningful premium to the last closing price, and promoters have indicated their intention to participate. Analysts said the move signals management's confidence in the business and should support return ratios.",
    "{company} raised its {fy} revenue growth guidance after a strong {quarter}, in which revenue grew {revenueGrowth} and EBITDA rose {ebitdaGrowth}. The company said demand in its core markets remained resilient, while new product launches were gaining traction faster than expected. The stock gained {pct} in the session as several brokerages raised their estimates.",
    "{company} completed its previously announced capacity expansion ahead of schedule and within budget, the company said in a filing. The new capacity is expected to add meaningfully to revenue from {nextFy}, with utilisation ramping up over four to six quarters. Management reiterated that the expansion was funded entirely from internal accruals, keeping the balance sheet debt-free.",
    "Domestic institutions raised their holding in {company} during the quarter, with mutual fund ownership climbing to a multi-year high. The buying came even as the broader market saw volatility, reflecting confidence in the company's earnings trajectory. The stock has outperformed the Nifty by a wide margin over the past year, according to {source}.",
    "{company} received a rating upgrade to {rating}, with the agency citing a sustained improvement in profitability and a significant reduction in debt. The upgrade is expected to lower the company's borrowing costs on future issuances. Management said it will continue to prioritise deleveraging alongside growth investments.",
    "{company} declared an interim dividend of {dps} per share along with its {quarter} results, which beat estimates on every key line item. Net profit rose {patGrowth} year-on-year while margins expanded to {margin}. The company also said its cash conversion improved sharply, lifting free cash flow to its highest level in several years.",
  ],
  negative: [
    "{company} reported a {patGrowth} year-on-year decline in net profit for {quarter}, missing analyst estimates by a wide margin. Revenue growth slowed as demand softened in key markets, while higher input and employee costs weighed on profitability. EBITDA margin contracted {marginChange} to {margin}. Management said it expects conditions to remain challenging for at least another quarter.",
    "Shares of {company} fell {pct} after the company lowered its {fy} revenue guidance, citing delayed client decisions and pricing pressure. This is the second guidance cut this year, and analysts said it raises questions about the sustainability of the company's growth trajectory. Several brokerages cut their target prices following the announcement.",
    "{brokerage} downgraded {company} to 'Sell' and cut its target price to {targetPrice}, arguing that the stock's valuation does not reflect slowing growth. The brokerage pointed to rising competition, a weaker product mix and a stretched working capital cycle. It now expects earnings growth of only mid-single digits over the next two years.",
    "A promoter group entity of {company} sold {pct} of the company's equity through block deals on the exchanges. The shares were sold at a discount to the previous close, and the stock fell sharply in the session. Analysts said the overhang of further stake sales could weigh on the stock in the near term.",
    "{company} reported a net loss of {amount} in {quarter}, compared with a profit in the year-ago period, after writing down the value of an overseas subsidiary. Excluding the one-time charge, operating performance was also weaker than expected, with margins narrowing by {marginChange}. The company said it is reviewing strategic options for the underperforming business.",
    "{company} said commissioning of its new plant has been delayed by two to three quarters because of equipment supply issues and approval timelines. The delay is likely to push back the expected revenue contribution and raise project costs. Analysts trimmed their {nextFy} earnings estimates to factor in the slippage.",
    "A rating agency revised the outlook on {company}'s long-term debt to negative, citing higher-than-expected borrowing to fund expansion and a slower ramp-up in cash flows. The agency said the rating could be downgraded if leverage does not improve over the next 12 to 18 months. The company said it remains committed to reducing debt.",
    "Foreign portfolio investors cut their stake in {company} for the second consecutive quarter, according to the latest shareholding data. The selling coincided with a sharp derating of the stock, which is now trading well below its 52-week high. Analysts cited concerns over slowing revenue growth and a rise in receivables, as reported by {source}.",
  ],
  neutral: [
    "{company} will announce its financial results for {quarter} on {date}. The company will host an earnings call with analysts and investors the same evening, and the audio recording and transcript will be made available on its website. The trading window for designated persons remains closed until 48 hours after the results are declared.",
    "{company} has appointed {person} as {designation} with effect from {date}. {person} brings over two decades of experience across finance, strategy and operations, and previously held senior roles at leading Indian and multinational companies. The appointment is subject to shareholder approval at the next general meeting.",
    "The board of {company} will meet on {date} to consider a proposal to raise funds through the issue of non-convertible debentures or other permissible instruments. The company said the funds would be used for general corporate purposes, including refinancing of existing debt. The proposal will be subject to shareholder and regulatory approvals.",
    "In response to a query from the exchange regarding a recent increase in trading volumes, {company} said it has complied with all disclosure requirements under the SEBI Listing Regulations. The company added that it is not aware of any information that has not been announced to the exchanges. It reiterated its commitment to timely disclosure of material events.",
    "{company} filed its annual report for {lastFy} with the stock exchanges, along with the notice convening its annual general meeting. The report outlines the company's strategic priorities, capital allocation framework and ESG commitments for the coming years. Shareholders can participate in the meeting through video conferencing and vote electronically.",
    "{rating} was reaffirmed for the long-term bank facilities of {company}. The agency said the rating reflects the company's established market position, healthy financial risk profile and adequate liquidity. It also noted that any large debt-funded acquisition would be a key monitorable.",
    "{brokerage} maintained its 'Hold' rating on {company} with a target price of {targetPrice}. The brokerage said the company's fundamentals remain sound, but current valuations already factor in the expected earnings growth for {fy} and {nextFy}. It would turn more constructive on evidence of a sustained improvement in margins.",
    "The Street expects {company} to report revenue growth of about {revenueGrowth} year-on-year in {quarter}, according to estimates compiled by {source}. Analysts will track commentary on demand, pricing and margins, as well as any update to full-year guidance. The stock has moved broadly in line with the benchmark index over the past three months.",
  ],
};

export const alertReasons: Readonly<Record<AlertType, readonly string[]>> = {
  "52w_high": [
    "{symbol} hit a fresh 52-week high of {price}, up {pct} over the past month.",
    "{company} scaled a new 52-week peak at {price} on above-average volumes.",
    "Shares of {company} touched {price}, the highest level in a year, extending a {pct} rally since the last results.",
    "{symbol} broke past its previous 52-week high to trade at {price} as institutional buying picked up.",
    "{company} crossed its 52-week high intraday at {price}; the stock is now {pct} above its 200-day moving average.",
    "{symbol} closed at a 52-week high of {price}, outperforming the Nifty by {pct} over the last three months.",
    "{company} is trading at a one-year high of {price} after a breakout on {multiple} average volumes.",
  ],
  "52w_low": [
    "{symbol} slipped to a 52-week low of {price}, down {pct} over the past month.",
    "{company} hit its lowest level in a year at {price} amid sustained selling.",
    "Shares of {company} fell to {price}, a fresh 52-week low, and are now {pct} below their recent peak.",
    "{symbol} breached its previous 52-week low to trade at {price} on heavy volumes.",
    "{company} touched a 52-week low of {price}; the stock is {pct} below its 200-day moving average.",
    "{symbol} closed at a 52-week low of {price}, underperforming the Nifty by {pct} over the last three months.",
    "{company} is trading at a one-year low of {price} as selling volumes ran at {multiple} the daily average.",
  ],
  earnings: [
    "{company} has declared its {quarter} results; consolidated revenue came in at {amount}.",
    "Earnings out: {company} reported {quarter} numbers on {date}. View revenue, EBITDA and PAT trends.",
    "The board of {company} approved the {quarter} financial results today.",
    "{company} published {quarter} results with an EBITDA margin of {margin}.",
    "{company}'s {quarter} results are now available, along with the investor presentation.",
    "Results alert: {company} announced {quarter} earnings; net profit for the quarter came in at {amount}.",
    "{company} has filed its unaudited results for the quarter ended {periodEnd}.",
  ],
  high_growth_concalls: [
    "{company}'s {quarter} earnings call highlighted revenue growth of {revenueGrowth}, with management guiding for sustained momentum.",
    "Management at {company} guided for {pct} revenue growth in {nextFy} on the {quarter} concall.",
    "{company} concall: PAT grew {patGrowth} and management sees margins holding around {margin}.",
    "On the {quarter} call, {company} flagged a strong order pipeline and raised its {fy} growth outlook.",
    "{company} management expects growth to stay above {pct} over the next two years, per the latest concall.",
    "{company}'s {quarter} concall pointed to {ebitdaGrowth} EBITDA growth and improving operating leverage.",
    "High-growth call: {company} reported revenue up {revenueGrowth} and reiterated its medium-term targets.",
  ],
  price_alert: [
    "{symbol} crossed your alert level and is now trading at {price}.",
    "{symbol} moved {pct} today and is trading at {price}.",
    "Price alert: {company} touched {price}, the level you set.",
    "{symbol} has reached {price}, a move of {pct} since your alert was created.",
    "{company} is trading at {price}, within 1% of your alert level.",
    "{symbol} hit your target price of {price} in today's session.",
  ],
  vol_alert: [
    "{symbol} is seeing unusually high volatility, with an intraday range of {pct}.",
    "{company} swung {pct} between its day's high and low, about {multiple} its 20-day average range.",
    "Volatility alert: {symbol}'s daily price swings have widened sharply this week.",
    "{symbol}'s realised volatility has risen to its highest level in three months.",
    "{company} saw sharp two-way moves today, swinging as much as {pct} either side of the previous close.",
    "{symbol}'s intraday range of {pct} is well above its typical range; expect wider bid-ask spreads.",
  ],
  volume_alert: [
    "{symbol} traded {multiple} its 20-day average volume today.",
    "Volume spike: {company} saw {multiple} the usual turnover in the first hour of trade.",
    "Delivery volumes in {symbol} surged to {multiple} the monthly average.",
    "{company} recorded its highest single-day volume in six months, at {multiple} the average.",
    "{symbol} saw heavy trading activity at {multiple} normal volumes as the stock moved {pct}.",
    "Unusual volume in {company}: {multiple} the 20-day average, with buyers in control for most of the session.",
  ],
};

export const alertDrivers: readonly string[] = [
  "Block deal of 0.8% equity",
  "Bulk deal by a foreign fund",
  "Brokerage upgrade to Buy",
  "Brokerage downgrade to Sell",
  "Target price raised by brokerage",
  "Crude oil down 3%",
  "Crude oil up 4%",
  "Rupee weakens past 88 per dollar",
  "Order win announced",
  "Quarterly results beat estimates",
  "Quarterly results miss estimates",
  "Guidance raised on concall",
  "Guidance cut on concall",
  "Promoter stake sale via OFS",
  "Promoter open-market buying",
  "Inclusion in MSCI India index",
  "Exclusion from Nifty index",
  "Entry into F&O ban list",
  "Sector-wide rally on policy news",
  "Sector-wide selloff on global cues",
  "RBI policy outcome",
  "GST rate change announcement",
  "Budget announcement on capex",
  "PLI scheme approval",
  "Rating upgrade by agency",
  "Rating outlook revised to negative",
  "Monthly sales numbers released",
  "Business update ahead of results",
  "Large buyback announcement",
  "Dividend record date",
  "Stock split record date",
  "Short covering in derivatives",
  "FPI buying in large caps",
  "DII buying on dips",
  "Management exit disclosed",
  "US FDA observations on a plant",
  "Commodity prices ease",
  "Steel prices hiked",
  "Weak global tech cues",
  "Strong monsoon forecast",
];

export const earningsSummaries: EarningsBank = {
  positive: [
    "{company} delivered a strong {quarter}, with revenue rising {revenueGrowth} YoY and EBITDA up {ebitdaGrowth}. Net profit grew {patGrowth}, ahead of consensus, as EBITDA margin expanded {marginChange} to {margin}.",
    "Revenue grew {revenueGrowth} YoY on healthy volume growth and better realisations. EBITDA rose {ebitdaGrowth} and margin improved to {margin}, helped by softer input costs. PAT was up {patGrowth}, the fastest pace in several quarters.",
    "{company} beat estimates across revenue, EBITDA and PAT in {quarter}. Operating leverage drove a {marginChange} expansion in EBITDA margin to {margin}, while net profit increased {patGrowth} YoY.",
    "Topline growth of {revenueGrowth} was broad-based across segments and geographies. EBITDA grew {ebitdaGrowth} with margin at {margin}, and lower finance costs lifted PAT growth to {patGrowth}. Management raised its full-year outlook on the back of the strong first half.",
    "A robust quarter: revenue up {revenueGrowth}, EBITDA up {ebitdaGrowth} and PAT up {patGrowth} YoY. Margin expanded {marginChange} to {margin} on a richer mix, and operating cash flow improved meaningfully.",
    "{company}'s {quarter} revenue rose {revenueGrowth} YoY, led by the core business, while new segments scaled up faster than expected. EBITDA margin widened {marginChange} to {margin}, and net profit grew {patGrowth}.",
    "Profitability outpaced revenue growth in {quarter}: sales grew {revenueGrowth}, EBITDA rose {ebitdaGrowth} and PAT climbed {patGrowth}. The company also turned net cash during the quarter.",
    "Strong execution drove revenue growth of {revenueGrowth} YoY. EBITDA margin widened {marginChange} to {margin} despite higher employee costs, and PAT grew {patGrowth}. The board declared an interim dividend of {dps} per share.",
    "{company} posted record quarterly revenue, up {revenueGrowth} YoY, with EBITDA growing {ebitdaGrowth}. Net profit rose {patGrowth} as other income and lower depreciation provided additional tailwinds. Margins held at a healthy {margin}.",
    "Volume-led growth lifted revenue {revenueGrowth} YoY in {quarter}. Cost efficiencies expanded EBITDA margin by {marginChange} to {margin}, and PAT rose {patGrowth}. Management expects growth to remain in double digits through {nextFy}.",
    "A clean beat: revenue up {revenueGrowth}, EBITDA up {ebitdaGrowth}, and PAT up {patGrowth} YoY. Working capital days improved, and free cash flow more than covered capex for the quarter.",
  ],
  negative: [
    "{company} had a weak {quarter}: revenue fell {revenueGrowth} YoY and EBITDA declined {ebitdaGrowth}. Net profit dropped {patGrowth} as margin contracted {marginChange} to {margin}.",
    "Revenue declined {revenueGrowth} YoY on lower volumes and weaker pricing. EBITDA fell {ebitdaGrowth}, with margin slipping to {margin} as fixed costs were spread over a smaller base. PAT was down {patGrowth}, well below estimates.",
    "{company} missed estimates on all key metrics in {quarter}. Revenue slipped {revenueGrowth}, EBITDA dropped {ebitdaGrowth} and PAT fell {patGrowth} YoY, while EBITDA margin narrowed {marginChange}.",
    "A disappointing quarter: sales were down {revenueGrowth} YoY as demand remained soft across key markets. Higher raw material and employee costs compressed EBITDA margin to {margin}, and net profit declined {patGrowth}.",
    "Revenue contracted {revenueGrowth} YoY, while EBITDA fell a steeper {ebitdaGrowth} on negative operating leverage. Higher interest and depreciation costs pushed PAT down {patGrowth}. Management did not reiterate its full-year guidance.",
    "{company}'s {quarter} revenue fell {revenueGrowth} YoY amid inventory destocking in the channel. EBITDA margin contracted {marginChange} to {margin}, and PAT declined {patGrowth}, marking a third consecutive quarter of decline.",
    "Pricing pressure and an adverse product mix weighed on {quarter} numbers. Revenue declined {revenueGrowth}, EBITDA fell {ebitdaGrowth} and net profit was down {patGrowth} YoY. Working capital also deteriorated during the quarter.",
    "Weak demand and elevated input costs hurt {company} in {quarter}. Revenue was down {revenueGrowth}, EBITDA slumped {ebitdaGrowth} and margin fell to {margin}. PAT dropped {patGrowth} YoY despite a lower tax rate.",
    "Both topline and margins disappointed: revenue fell {revenueGrowth} YoY and EBITDA margin contracted {marginChange} to {margin}. PAT declined {patGrowth}, and management flagged continued softness into {nextFy}.",
    "{company} reported a sharp decline in profitability, with PAT down {patGrowth} YoY on a {ebitdaGrowth} fall in EBITDA. Revenue slipped {revenueGrowth} as execution delays pushed orders into later quarters.",
  ],
  mixed: [
    "{company}'s revenue grew {revenueGrowth} YoY in {quarter}, in line with estimates, but net profit fell {patGrowth} as higher costs diluted margins. EBITDA rose a modest {ebitdaGrowth}, with margin at {margin}.",
    "Topline was healthy at {revenueGrowth} growth, but profitability lagged. EBITDA grew only {ebitdaGrowth}, and PAT declined {patGrowth} YoY on higher depreciation and interest costs from the recent expansion.",
    "Revenue rose {revenueGrowth} YoY on strong volumes, while EBITDA increased {ebitdaGrowth}. However, PAT fell {patGrowth} due to a one-time exceptional charge; adjusted for it, earnings were broadly in line.",
    "A quarter of two halves: revenue growth of {revenueGrowth} beat estimates, but EBITDA margin contracted {marginChange} to {margin} on elevated input costs. That pulled PAT down {patGrowth} YoY, even though absolute EBITDA still edged higher.",
    "{company} reported revenue growth of {revenueGrowth} and EBITDA growth of {ebitdaGrowth}, but net profit declined {patGrowth} as other income normalised from a high base. Core operating performance was steady.",
    "Growth investments weighed on {quarter} profitability: revenue rose {revenueGrowth} YoY and EBITDA grew {ebitdaGrowth}, while PAT dropped {patGrowth} on higher finance costs. Management expects margins to recover in {nextFy}.",
    "Revenue was up {revenueGrowth} YoY, but a weaker product mix held EBITDA growth to {ebitdaGrowth} and margin at {margin}. PAT fell {patGrowth} as the effective tax rate normalised.",
    "{company} grew revenue {revenueGrowth} in {quarter}, with new segments contributing meaningfully. Start-up costs for new capacity kept EBITDA growth to {ebitdaGrowth}, and PAT declined {patGrowth} YoY.",
    "Sales growth of {revenueGrowth} was offset by a {marginChange} contraction in EBITDA margin to {margin}. EBITDA still rose {ebitdaGrowth}, but PAT slipped {patGrowth} as depreciation stepped up after capex.",
    "Volumes were strong and revenue grew {revenueGrowth} YoY, but realisations softened through the quarter. EBITDA increased {ebitdaGrowth} while PAT declined {patGrowth}, partly due to forex losses.",
  ],
};

export const guidanceLines: readonly string[] = [
  "Management reiterated its {fy} revenue growth guidance of {pct}, with the second half expected to be stronger than the first.",
  "The company raised its {fy} EBITDA margin guidance to around {margin}, citing sustained cost efficiencies.",
  "Management expects revenue growth in the mid-teens for {nextFy}, supported by new capacity coming on stream.",
  "Capex for {fy} is guided at about {amount}, to be funded largely through internal accruals.",
  "The company aims to become net-debt free by the end of {nextFy}.",
  "Management guided for EBITDA margin in the range of {margin}, plus or minus 100 basis points, over the medium term.",
  "The order pipeline stands at {amount}, and management expects order inflow to grow in double digits in {fy}.",
  "Management expects volume growth of high single digits in {fy}, with pricing broadly stable.",
  "The company targets revenue of {amount} by {nextFy}, implying a compounded growth rate of about {pct}.",
  "New product launches are expected to contribute around {pct} of revenue by {nextFy}.",
  "Management expects working capital days to improve by 10 to 15 days over the next four quarters.",
  "The company plans to maintain a dividend payout ratio of 30-35% of consolidated profit.",
  "Management indicated that the effective tax rate will remain around 25% for {fy} and {nextFy}.",
  "The new plant is expected to reach optimal utilisation within six to eight quarters of commissioning.",
  "Management expects the export business to grow faster than the domestic business in {nextFy}.",
  "The company reiterated its target of return on capital employed above 20% over the medium term.",
  "Management expects raw material costs to remain benign in the near term, supporting gross margins.",
  "Guidance for {fy} has been retained despite a softer {quarter}, as management sees demand improving in the second half.",
  "The company expects the recently acquired business to break even at the EBITDA level by {nextFy}.",
  "Management guided for employee headcount growth in line with revenue, with utilisation staying above 80%.",
  "The company plans to reduce gross debt by {amount} over the next 18 months.",
  "Management expects its premium portfolio to account for over a third of revenue within two years.",
  "The company sees annual capex of {amount} for the next three years, front-loaded in {fy}.",
  "Management expects credit costs to normalise and stay within the guided range over {nextFy}.",
  "The company expects its order book to revenue ratio to remain comfortable at around three times.",
  "Management indicated that price hikes taken in {quarter} should flow through fully by the next quarter.",
  "Guidance assumes no material change in the regulatory environment or in commodity prices from current levels.",
  "Management expects operating leverage to add 50 to 75 basis points to margins in {nextFy}.",
];

export const redflagLines: readonly string[] = [
  "Receivable days increased sharply during the quarter, and management did not provide a clear timeline for collections.",
  "Management withdrew its earlier revenue guidance for {fy} without offering a revised range.",
  "The company's debt rose by {amount} in the half year, even as operating cash flow weakened.",
  "Inventory levels have built up for the third consecutive quarter, raising the risk of future write-downs.",
  "A large part of the quarter's profit came from other income and one-time gains rather than core operations.",
  "Management was evasive on questions about pricing pressure in the company's largest segment.",
  "Related-party transactions increased materially during the year, and disclosure on their terms remains limited.",
  "The company has changed its segment reporting, making year-on-year comparisons more difficult.",
  "Client concentration remains high, with the top five customers accounting for over half of revenue.",
  "Capitalised expenses rose meaningfully, flattering reported EBITDA for the period.",
  "The statutory auditor's report included an emphasis of matter on recoverability of certain advances.",
  "Promoter pledging of shares has increased over the last two quarters.",
  "Contingent liabilities, largely related to tax disputes, have risen to {amount}.",
  "Commissioning of the new facility has slipped again, with no firm date provided on the call.",
  "Margins in the core business have declined for four straight quarters despite management's assurances of a recovery.",
  "The company continues to burn cash in its new business, and management did not commit to a break-even timeline.",
  "Key managerial personnel have exited over the last year, including the chief financial officer.",
  "Guarantees extended to group companies have increased, adding to off-balance-sheet exposure.",
  "The order book has stagnated for three quarters, which could weigh on revenue growth next year.",
  "Management acknowledged market share losses in its flagship category but did not outline a response.",
  "Free cash flow was negative for the year despite reported profit growth.",
  "Working capital borrowings have risen faster than revenue, indicating stress in the cash conversion cycle.",
  "The company is exposed to a single regulatory approval for a large share of its planned growth.",
  "Management's commentary on demand was notably more cautious than on the previous call.",
  "Foreign exchange losses recurred this quarter, suggesting hedging practices may be inadequate.",
  "The company has guided for a sharp step-up in capex while return ratios remain below its cost of capital.",
  "Employee attrition picked up again, and wage inflation is likely to pressure margins.",
  "Exceptional items have appeared in four of the last six quarters, reducing the quality of reported earnings.",
];

export const positiveIndicators: readonly string[] = [
  "Revenue growth ahead of estimates",
  "EBITDA margin expansion",
  "Strong order inflow",
  "Record order book",
  "Guidance raised",
  "Net cash balance sheet",
  "Improving return ratios",
  "Healthy free cash flow",
  "Working capital discipline",
  "Market share gains",
  "Premiumisation driving mix",
  "Operating leverage kicking in",
  "Softer raw material costs",
  "New capacity on stream",
  "Export growth accelerating",
  "Debt reduction on track",
  "Stable asset quality",
  "Robust volume growth",
  "Pricing power intact",
  "Successful new launches",
  "Higher dividend payout",
  "Promoter stake increase",
  "Rating upgrade",
  "Strong rural recovery",
  "Deal wins across verticals",
  "Lower employee attrition",
  "Cost optimisation benefits",
  "Diversified revenue base",
  "High capacity utilisation",
  "Acquisition integration on track",
  "Improving cash conversion",
  "Favourable regulatory tailwinds",
  "Margin guidance retained",
];

export const negativeIndicators: readonly string[] = [
  "Revenue below estimates",
  "EBITDA margin contraction",
  "Weak order inflow",
  "Guidance cut",
  "Rising debt levels",
  "Negative free cash flow",
  "Stretched working capital",
  "Market share loss",
  "Pricing pressure",
  "Input cost inflation",
  "Demand slowdown",
  "Project commissioning delays",
  "Inventory build-up",
  "Higher receivable days",
  "Rising credit costs",
  "Client concentration risk",
  "Elevated employee attrition",
  "One-off gains in profit",
  "Forex losses",
  "Management exits",
  "Promoter pledge increase",
  "Rating outlook negative",
  "Regulatory overhang",
  "Weak export demand",
  "Higher competitive intensity",
  "Under-utilised capacity",
  "Rising interest costs",
  "Cash burn in new businesses",
  "Muted rural demand",
  "Contingent liabilities rising",
  "Execution slippages",
  "Cautious management tone",
];

export const expandedAnalysisSections: readonly AnalysisSectionTemplate[] = [
  {
    heading: "Demand environment",
    paragraphs: [
      "Management described demand as resilient in the core business, with {quarter} volumes growing faster than the industry. Urban markets held up well, while rural demand showed early signs of recovery after a soft first half.",
      "The company said enquiries and order finalisation improved through the quarter, and it expects the festive season and government spending to sustain momentum into the second half of {fy}.",
      "Demand remained uneven across segments: premium offerings continued to grow strongly, while the entry-level portfolio faced pressure from downtrading and aggressive competitor pricing.",
      "Export markets were softer due to a slowdown in key geographies, but management noted that the domestic pipeline more than offset the weakness and expects exports to recover by {nextFy}.",
      "Management flagged that customers remain cautious on discretionary spending, lengthening decision cycles. It does not expect a sharp rebound before the second half of {nextFy}.",
    ],
  },
  {
    heading: "Margins and costs",
    paragraphs: [
      "EBITDA margin expanded {marginChange} year-on-year to {margin}, driven by lower raw material costs, a richer product mix and operating leverage on fixed costs.",
      "Gross margin improved as input prices eased, but part of the benefit was reinvested in advertising and brand-building, which rose faster than revenue during the quarter.",
      "Employee costs increased on annual wage revisions and senior hiring, and management expects this to moderate as utilisation improves over the next two quarters.",
      "Margins were under pressure from higher freight and energy costs. Management has taken selective price increases and expects margins to recover towards {margin} by {nextFy}.",
      "Management reiterated that margin expansion will come primarily from operating leverage and procurement efficiencies rather than price increases, given the competitive environment.",
    ],
  },
  {
    heading: "Capital allocation",
    paragraphs: [
      "The company plans capex of {amount} over the next two years, largely towards capacity expansion and automation, funded through internal accruals and modest borrowing.",
      "With the balance sheet now net cash, management indicated that surplus funds will be deployed in organic growth first, followed by shareholder returns through dividends and buybacks.",
      "Management said it will evaluate acquisitions that add capabilities or market access, but reiterated a disciplined approach focused on return on capital rather than scale.",
      "Debt reduction remains a priority: the company repaid {amount} during the half year and aims to bring net debt to EBITDA below 1x by the end of {nextFy}.",
      "The board approved a higher dividend payout, and management said it intends to keep returning a meaningful share of free cash flow to shareholders while funding growth.",
    ],
  },
  {
    heading: "Segment performance",
    paragraphs: [
      "The largest segment grew {revenueGrowth} year-on-year on strong volumes, while segment margin held steady despite a competitive pricing environment.",
      "Newer segments continued to scale, contributing a rising share of revenue. Management expects them to turn EBITDA-positive within the next four quarters.",
      "The international business was weaker due to softness in key markets and adverse currency movements, partly offset by new customer additions.",
      "The services segment delivered the highest growth and margin in the portfolio, and management plans to invest further to capitalise on the opportunity.",
      "One segment reported a decline on high-base effects and inventory correction in the channel; management expects normalisation from the next quarter.",
    ],
  },
  {
    heading: "Management commentary on outlook",
    paragraphs: [
      "Management retained its {fy} guidance and said it is confident of delivering double-digit revenue growth, supported by a healthy order book and new launches.",
      "The outlook for {nextFy} is constructive, with management pointing to capacity additions, improving demand indicators and a stable cost environment as key drivers.",
      "Management struck a more cautious tone than last quarter, noting that visibility beyond the next two quarters is limited given global uncertainties.",
      "The company expects margins to remain in the guided range of {margin}, with upside possible if commodity prices stay benign.",
      "Management outlined medium-term ambitions to double revenue over five years while improving return on capital employed, driven by market share gains and adjacencies.",
    ],
  },
  {
    heading: "Q&A highlights",
    paragraphs: [
      "Analysts focused on the sustainability of margins; management said roughly half of the improvement is structural, driven by mix and efficiency gains.",
      "Several questions centred on competitive intensity. Management acknowledged new entrants but said its distribution reach and brand strength provide a durable advantage.",
      "On capital allocation, management ruled out large acquisitions in the near term and reiterated its preference for organic growth.",
      "Asked about working capital, management said the rise in receivables was timing-related and should reverse by the end of the fiscal year.",
      "Analysts sought clarity on the new business; management said it remains in an investment phase, with break-even targeted in {nextFy}.",
    ],
  },
  {
    heading: "Balance sheet and cash flow",
    paragraphs: [
      "Operating cash flow improved meaningfully during the half year, with cash conversion above 90% of EBITDA.",
      "Net debt increased by {amount} due to capex and a temporary build-up in working capital, but leverage remains comfortable.",
      "The company ended the quarter with cash and investments of {amount}, providing ample headroom to fund its growth plans.",
      "Working capital days improved on better inventory management, releasing cash that was used to reduce short-term borrowings.",
    ],
  },
  {
    heading: "Key risks to watch",
    paragraphs: [
      "A sharp rise in raw material prices could compress margins, given the limited ability to pass on costs in a competitive market.",
      "Execution on the new capacity remains a key monitorable; any delay could push back the expected ramp-up in revenue.",
      "Regulatory changes in key markets could affect demand or pricing, and management is monitoring developments closely.",
      "Currency volatility and global demand weakness remain risks for the export business.",
    ],
  },
];

export const sectorCommentary: Readonly<Record<string, readonly string[]>> = {
  "Financial Services": [
    "Core business momentum stayed healthy, with AUM and customer additions growing in double digits.",
    "The cost-to-income ratio improved as digital channels scaled and operating leverage played out.",
    "Management said competition in key products remains intense, but pricing has stayed rational.",
    "Regulatory changes announced during the quarter are expected to have a manageable impact on profitability.",
    "Asset quality and credit costs remained within the guided range, supported by tighter underwriting.",
  ],
  "Information Technology": [
    "Deal wins remained healthy, with total contract value ahead of the previous quarter.",
    "Client spending on discretionary projects remains cautious, while cost-optimisation and AI-led deals are gaining traction.",
    "Utilisation improved and attrition stayed stable, supporting operating margin.",
    "Management expects BFSI and manufacturing verticals to lead growth in the coming quarters.",
  ],
  "Fast Moving Consumer Goods": [
    "Volume growth improved sequentially, with rural markets outpacing urban for the second straight quarter.",
    "Gross margin benefited from softer commodity prices, part of which was reinvested in advertising.",
    "Distribution expansion added new outlets, with a sharp rise in direct reach.",
    "Quick commerce and modern trade channels continued to gain share in the overall mix.",
  ],
  "Consumer Discretionary": [
    "Festive demand was encouraging, and channel inventory is at comfortable levels heading into the next quarter.",
    "Premium products continued to outperform, supporting average selling prices.",
    "Store additions and footprint expansion remained on track, with same-store sales growth in mid-single digits.",
    "Management expects demand to benefit from lower interest rates and income tax relief.",
  ],
  Healthcare: [
    "Domestic demand was steady, and the company outperformed the market in its key therapy areas and service lines.",
    "Pricing in regulated overseas markets remained under pressure, partly offset by new launches and a better mix.",
    "Capacity additions are on track and are expected to support growth from {nextFy}.",
    "R&D and clinical investments will stay elevated as the company builds its specialty pipeline.",
  ],
  Commodities: [
    "Realisations softened during the quarter due to weak global prices, though volumes held up well.",
    "Lower energy and raw material costs supported spreads despite pricing pressure.",
    "Capacity expansion is on track, with the new lines expected to be commissioned by {nextFy}.",
    "Demand from infrastructure and construction remained healthy, supporting domestic volumes.",
  ],
  Energy: [
    "Realisations tracked global energy prices, while volumes remained steady through the quarter.",
    "Demand from industrial and retail customers held up well despite price volatility.",
    "New capacity and infrastructure are expected to add to volumes in {nextFy}.",
    "Management expects crude and gas price volatility to remain a key swing factor for earnings.",
  ],
  Industrials: [
    "Order inflow was strong, led by power transmission, defence and railway projects.",
    "Execution picked up during the quarter, and the order book-to-bill ratio remains comfortable.",
    "Government capex remains the primary driver, with private capex showing early signs of revival.",
    "Margins improved as legacy low-margin orders were executed and new orders carry better pricing.",
  ],
  Utilities: [
    "Power demand growth moderated due to an early monsoon, but generation volumes remained steady.",
    "Renewable capacity additions are on track, with a large pipeline under construction.",
    "Regulated equity grew on capitalisation of new projects, supporting earnings visibility.",
    "Plant load factors improved as coal availability remained comfortable.",
  ],
  Telecommunication: [
    "Average revenue per user rose on tariff hikes and an improving subscriber mix.",
    "Data consumption and enterprise demand continued to grow, supporting network utilisation.",
    "Capex intensity is expected to moderate now that the bulk of the 5G rollout is complete.",
    "Enterprise and home broadband segments continue to grow faster than mobile.",
  ],
  Services: [
    "Traffic and volume growth remained robust, with capacity utilisation at healthy levels.",
    "Yields were stable, and cost efficiencies helped margins improve year-on-year.",
    "Network expansion continued, with new capacity expected to come on stream by {nextFy}.",
    "Management expects demand to benefit from the ongoing formalisation of the economy.",
  ],
  Realty: [
    "Pre-sales were strong, led by new launches that saw healthy absorption.",
    "Collections remained robust, helping the company keep net debt under control.",
    "The launch pipeline for {nextFy} is substantial, across residential and commercial projects.",
    "Management expects price growth to moderate but volumes to remain healthy.",
  ],
};

/** What one industry talks about on a call (drivers, segments, risks): read before the sector's and the group's lines. */
export const industryCommentary: Readonly<Record<string, readonly string[]>> = {
  Banks: [
    "Net interest margin held within the guided band as deposit costs peaked and loan yields stayed firm.",
    "The CASA ratio was stable, and retail term deposits continued to grow faster than bulk deposits.",
    "Slippages stayed low, and the provision coverage ratio remains comfortable.",
    "Loan growth was led by retail and SME lending, while corporate lending stayed selective on pricing.",
  ],
  Finance: [
    "Disbursements grew in double digits, and collection efficiency stayed above 98%.",
    "Borrowing costs eased as the company refinanced higher-cost funding, supporting spreads.",
    "Stage 3 assets were stable, and credit costs remained within the guided range.",
  ],
  Insurance: [
    "The value of new business margin held steady on a favourable product mix, with protection growing faster than savings.",
    "Persistency ratios improved across cohorts, and the agency channel continued to add new advisors.",
    "The combined ratio improved as claims experience normalised in the health and motor segments.",
  ],
  "Cement & Cement Products": [
    "Volumes grew ahead of industry demand, and realisation per tonne held up despite a soft monsoon quarter.",
    "Power and fuel costs per tonne declined as petcoke prices eased and the share of green power rose.",
    "Clinker capacity additions are on schedule, and the new grinding units are ramping up.",
  ],
  "Pharmaceuticals & Biotechnology": [
    "The domestic formulations business grew ahead of the market, led by chronic therapies.",
    "US generics saw price erosion in the base portfolio, offset by new launches and limited-competition products.",
    "All key manufacturing sites remain in good standing with the US FDA, and the pipeline of pending ANDAs is healthy.",
  ],
  Power: [
    "Plant load factors of the thermal fleet improved on higher demand and better coal availability.",
    "Regulated equity grew as new capacity was capitalised, adding to assured returns.",
    "The renewable pipeline under construction keeps the commissioning schedule for the next two years on track.",
  ],
  Automobiles: [
    "Retail volumes during the festive period were healthy, and dealer inventory is at comfortable levels.",
    "The premium and SUV mix continued to rise, supporting average selling prices.",
    "Export volumes grew as new markets in Latin America and Africa scaled up.",
  ],
  "IT - Software": [
    "Deal wins were healthy, with total contract value ahead of the previous quarter and a rising share of AI-led programmes.",
    "Growth in constant currency terms was led by the BFSI and manufacturing verticals.",
    "Utilisation stayed high and attrition stable, supporting operating margin.",
  ],
  "Telecom - Services": [
    "Average revenue per user rose on tariff hikes and continued upgrades to 4G and 5G plans.",
    "Data traffic per user kept growing, and the home broadband base expanded sharply.",
  ],
  "Ferrous Metals": [
    "Steel realisation per tonne softened on cheaper imports, while coking coal costs eased.",
    "Sales volumes grew on the back of the expanded capacity at the main integrated plant.",
  ],
  Realty: [
    "Pre-sales were strong, led by new launches that saw healthy absorption.",
    "Collections remained robust, and the launch pipeline for the coming year is substantial.",
  ],
};

export const transcriptOpeners: readonly string[] = [
  "Ladies and gentlemen, good day and welcome to the {company} {quarter} Earnings Conference Call. As a reminder, all participant lines will be in the listen-only mode, and there will be an opportunity for you to ask questions after the presentation concludes. Should you need assistance during the conference call, please signal an operator by pressing star then zero on your touchtone phone. Please note that this conference is being recorded. I now hand the conference over to {person}. Thank you and over to you.",
  "Good evening, ladies and gentlemen, and welcome to the earnings call of {company} to discuss the results for the quarter ended {periodEnd}. This conference call may contain forward-looking statements about the company, which are based on the beliefs, opinions and expectations of the company as on date of this call. These statements are not guarantees of future performance and involve risks and uncertainties that are difficult to predict. I now hand the call over to {person}.",
  "Good morning, everyone, and thank you for joining the {company} {quarter} results conference call hosted by {brokerage}. We have with us today the senior management of the company. We will begin with opening remarks from the management, followed by a question-and-answer session. I would now like to hand over the call to {person}. Thank you, and over to you, sir.",
  "Ladies and gentlemen, welcome to the {quarter} post-results conference call of {company}. All participants are in listen-only mode, and the floor will be opened for questions after the management's remarks. Please note that this call is being recorded and the transcript will be made available on the company's website. I now invite {person} to begin the proceedings.",
  "Good afternoon, ladies and gentlemen. I am the moderator for this conference. Welcome to the {company} conference call to discuss the financial results for {quarter}. We have with us the management team of the company. Please note that certain statements made on this call may be forward-looking, and actual results may differ materially. I would now like to hand the conference over to {person}. Thank you, and over to you.",
  "Good day, everyone. Welcome to the {company} earnings conference call for the quarter and half year ended {periodEnd}, hosted by {brokerage}. At this time, all participants are in listen-only mode. A question-and-answer session will follow the management's presentation. I now hand the floor to {person}.",
];

export const moderatorTransitions: readonly string[] = [
  "Thank you very much. We will now begin the question-and-answer session. The first question is from the line of {person} from {brokerage}. Please go ahead.",
  "Thank you. The next question is from the line of {person} from {brokerage}. Please go ahead.",
  "Thank you. We have the next question from the line of {person} with {brokerage}. Please go ahead.",
  "May we request participants to return to the question queue for any follow-up questions. The next question is from the line of {person} from {brokerage}. Please go ahead.",
  "Thank you. Ladies and gentlemen, we will take one last question. The last question is from the line of {person} from {brokerage}. Please go ahead.",
  "Sorry to interrupt, {person}, your audio is breaking up. May we request you to use the handset. Thank you. Please go ahead.",
  "Thank you. The next question is a follow-up from the line of {person} from {brokerage}. Please go ahead.",
];

export const managementRemarks: readonly string[] = [
  "Thank you, and good evening, everyone. I am pleased to report that {quarter} has been another quarter of strong performance for {company}. Consolidated revenue grew {revenueGrowth} year-on-year to {amount}, and EBITDA margin stood at {margin}. This performance reflects the strength of our franchise and the consistent execution of our strategy.",
  "Let me begin with the operating environment. Demand in our core markets remained healthy through the quarter, although we did see some moderation towards the end of the period. Despite this, we gained market share in our key categories and continued to invest in brands, distribution and capacity.",
  "On profitability, EBITDA grew {ebitdaGrowth} year-on-year. Gross margins benefited from softer input costs and a better product mix, which more than offset the increase in employee costs and our continued investments in technology and marketing.",
  "Net profit for the quarter came in at {amount}, up {patGrowth} year-on-year. Our return on capital employed continues to improve, and we remain committed to our stated target of sustaining it above 20% over the medium term.",
  "I would like to highlight our balance sheet. We generated strong operating cash flow during the quarter, and our net cash position improved further. This gives us the flexibility to invest in growth while continuing to reward shareholders.",
  "Our order book at the end of the quarter stood at {amount}, the highest in the company's history. Order inflows were broad-based across segments, and the bid pipeline remains robust, giving us good revenue visibility for the next two to three years.",
  "During the quarter, we commissioned our new facility ahead of schedule. The ramp-up has been encouraging, and we expect utilisation to improve progressively over the coming quarters. This capacity positions us well to capture the demand opportunity we see in {nextFy} and beyond.",
  "We launched several new products during the quarter, and the early response from customers has been very positive. Innovation remains central to our strategy, and new products launched in the last three years now contribute a meaningful share of our revenue.",
  "On the international business, performance was mixed. While some markets remained soft due to macroeconomic headwinds, we continued to add new customers and strengthen our presence in key geographies. We expect the international business to return to growth in the second half.",
  "Let me now touch upon our capital allocation priorities. Our first priority remains investing in organic growth. We have planned capex of {amount} for {fy}, largely towards capacity expansion and digital capabilities. At the same time, we will continue to evaluate inorganic opportunities that fit our strategy and meet our return thresholds.",
  "The board has declared an interim dividend of {dps} per share, reflecting our confidence in the business and our commitment to returning cash to shareholders.",
  "On costs, we continue to drive productivity across the organisation. Our cost-optimisation programme delivered savings ahead of plan this quarter, and we see further opportunities in procurement, logistics and manufacturing efficiencies.",
  "I would also like to update you on our sustainability journey. We increased the share of renewable energy in our operations, reduced water intensity, and remain on track to meet our medium-term ESG targets.",
  "Looking ahead, we remain confident about the medium-term growth opportunity. While there may be near-term volatility due to global factors, the fundamentals of the Indian economy remain strong, and we are well placed to benefit.",
  "The quarter was challenging, and our performance was below our own expectations. Revenue was impacted by softer demand and pricing pressure in a few segments. We have taken corrective actions, including price adjustments and cost measures, and expect a gradual recovery from the next quarter.",
  "Working capital increased during the quarter due to higher inventory ahead of the peak season and some delays in collections from government customers. We expect this to normalise by the end of the fiscal year.",
  "With that, I will hand over to our CFO, who will take you through the financial performance in more detail.",
  "Thank you. Let me take you through the key financial highlights. Revenue from operations for {quarter} was {amount}, a growth of {revenueGrowth} over the same quarter last year. EBITDA for the quarter grew {ebitdaGrowth}, and the EBITDA margin was {margin}, an improvement of {marginChange} year-on-year.",
  "Finance costs declined during the quarter as we continued to repay debt, and depreciation increased in line with the capitalisation of new assets. The effective tax rate for the quarter was around 25%.",
  "On the digital front, we continued to scale our direct-to-customer platforms, which now account for a growing share of sales. Our investments in data and analytics are helping us improve forecasting, pricing and customer engagement.",
  "Talent remains a key priority. We strengthened our leadership team during the quarter with senior hires in technology and international business, and attrition remained within our comfort range.",
  "To summarise, we delivered a resilient performance in {quarter}, strengthened our market position and maintained financial discipline. With that, we can open the floor for questions.",
];

export const analystQuestions: readonly string[] = [
  "Thanks for the opportunity. My first question is on margins. How much of the improvement this quarter is structural, and how much is due to benign raw material prices?",
  "Could you give us some colour on the demand environment, particularly the trends you are seeing in rural versus urban markets?",
  "You have maintained your {fy} guidance despite a softer first half. What gives you the confidence that the second half will be materially stronger?",
  "On the order book, could you break down the inflows by segment and tell us what the bid pipeline looks like for the next two quarters?",
  "Working capital days have gone up this quarter. Could you explain the reasons and when you expect this to normalise?",
  "What is the capex plan for {fy} and {nextFy}, and how should we think about the payback period on these investments?",
  "Could you talk about the competitive intensity in your core segment? Are you seeing any irrational pricing from new entrants?",
  "How is the new facility ramping up, and what utilisation levels do you expect by the end of {nextFy}?",
  "Your employee costs have grown faster than revenue for two quarters now. Should we expect some moderation going forward?",
  "On the international business, could you share what portion of the decline was due to currency and what was volume-driven?",
  "Could you quantify the contribution of new products to revenue this quarter, and what is the target for the next two years?",
  "You mentioned evaluating acquisitions. Could you share the kind of assets you are looking at and the valuation discipline you would follow?",
  "What is your outlook on pricing? Have you taken any price increases this quarter, and do you plan any further hikes?",
  "Could you help us understand the other income this quarter? It seems higher than the run-rate.",
  "What is the margin profile of the new segment, and when do you expect it to reach company-level margins?",
  "How should we think about the dividend payout policy now that the balance sheet is net cash?",
  "Could you update us on the regulatory approvals pending for the new project and any risks to the timeline?",
  "Just a clarification on the one-time items: what was the exceptional charge this quarter and is there anything more to come?",
  "What is the current split of revenue between domestic and exports, and how do you see this evolving over the next three years?",
  "Could you share your thoughts on the impact of recent changes in GST rates on demand in your categories?",
  "My question is on market share. Which categories have you gained share in, and where are you losing ground?",
  "How much of the {nextFy} growth is already visible through the current order book and contracted revenue?",
  "Could you talk about the trends in channel inventory, especially after the festive season?",
];

export const managementAnswers: readonly string[] = [
  "Thank you for the question. I would say roughly half of the margin improvement is structural, coming from a better product mix and efficiencies we have built over the last two years. The rest is due to favourable raw material prices, which may not sustain. We would therefore guide you to assume margins in the range we have indicated.",
  "We are seeing a gradual recovery in rural demand, which is encouraging. Urban demand has been steady, with premium categories doing particularly well. Overall, we expect demand to improve further in the second half, supported by a good monsoon and the festive season.",
  "Our confidence comes from the order book and the visibility we have on execution. Several large projects that were delayed in the first half are now on track, and we expect a meaningful step-up in execution in the second half. So we are comfortable retaining our guidance.",
  "Order inflows this quarter were broad-based. The domestic business accounted for the bulk of inflows, with a healthy contribution from exports. The bid pipeline remains strong, and we are L1 in a few large tenders that should get finalised over the next two quarters.",
  "The increase in working capital is largely timing-related. We built up inventory ahead of the peak season, and some payments from government customers were delayed. We expect receivables to come down meaningfully by the end of the fiscal year.",
  "For {fy}, we have guided for capex of about {amount}, and a similar amount for {nextFy}. These investments are largely in capacity expansion and automation. We typically target a payback period of four to five years on such projects.",
  "Competition has certainly increased, especially at the lower end of the market. However, we have not seen irrational pricing from established players. Our strategy is to compete on brand, quality and distribution rather than price, and that has served us well.",
  "The ramp-up of the new facility has been in line with our plan. We expect utilisation to reach about 60% by the end of this fiscal year and over 80% by the end of {nextFy}.",
  "Employee costs were higher due to annual increments and some strategic senior hires. We expect the growth in employee costs to moderate from here, and as revenue scales up, we should see operating leverage.",
  "Of the decline in the international business, roughly a third was due to currency movements, and the rest was volume-driven, largely due to destocking by a few large customers. We expect volumes to recover as destocking is now largely behind us.",
  "New products contributed about {pct} of revenue this quarter. Our target is to take this to over 20% within the next two years, supported by a strong launch pipeline.",
  "We are looking at assets that give us access to new technologies or new markets. We will be very disciplined on valuations, and any acquisition will have to meet our return on capital thresholds within a reasonable timeframe.",
  "We took a price increase of about 2% during the quarter, which has been well absorbed by the market. We will continue to monitor input costs and take calibrated pricing actions as needed.",
  "Other income was higher this quarter due to treasury gains and interest on a tax refund. I would suggest you not extrapolate this, as the normalised run-rate is lower.",
  "The new segment is currently at a lower margin than the company average, as we are in the investment phase. We expect it to reach company-level margins over the next three to four years as scale builds up.",
  "Our dividend policy is to pay out 30-35% of profits. Given the strong cash position, the board will consider increasing the payout while ensuring adequate funds for growth investments.",
  "We have received most of the approvals required for the project. A couple of environmental clearances are pending, and we expect them within the next quarter. We do not see any material risk to the overall timeline at this point.",
  "The exceptional charge relates to an impairment of our investment in an overseas subsidiary. This is a non-cash item, and we do not expect any further charges on this account.",
  "Currently, exports account for about {exportShare} of our revenue. Over the next three years, we expect this share to increase as we expand into new geographies and add new customers.",
  "The recent GST rationalisation should be positive for demand in our categories, as it will make products more affordable. We have already passed on the benefit to consumers and are seeing an encouraging response.",
  "We have gained share in our core categories, particularly in the premium segment. In a couple of smaller categories, we have seen some pressure from regional players, and we are taking steps to address that.",
  "A large part of our {nextFy} revenue is already visible through the order book. We estimate that about 70% of the expected revenue is covered by existing orders.",
  "Channel inventory is at healthy levels after the festive season, and we did not see any significant build-up. Secondary sales were in line with primary sales during the quarter.",
];

export const transcriptClosers: readonly string[] = [
  "Thank you. Ladies and gentlemen, that was the last question for today. I would now like to hand the conference back to the management for closing comments.",
  "Thank you, everyone, for joining us today. We appreciate your continued support and interest in {company}. If you have any further questions, please feel free to reach out to our investor relations team. Thank you.",
  "Thank you. On behalf of {brokerage}, that concludes this conference. Thank you all for joining us, and you may now disconnect your lines.",
  "I would like to thank all the participants for their questions. We remain confident about the long-term prospects of the business and look forward to interacting with you again next quarter. Have a good evening.",
];

export const managementDesignations: readonly string[] = [
  "Managing Director & Chief Executive Officer",
  "Chief Financial Officer",
  "Chairman & Managing Director",
  "Whole-time Director",
  "Executive Director",
  "Chief Operating Officer",
  "President - Strategy & Investor Relations",
  "Head of Investor Relations",
  "Company Secretary & Compliance Officer",
  "Chief Business Officer",
  "Group Chief Financial Officer",
  "Independent Director",
];

export const analystFirms: readonly string[] = [
  "Kotak Institutional Equities",
  "Motilal Oswal Financial Services",
  "Jefferies India",
  "ICICI Securities",
  "HDFC Securities",
  "Axis Capital",
  "Nuvama Institutional Equities",
  "JM Financial Institutional Securities",
  "Ambit Capital",
  "IIFL Securities",
  "Emkay Global Financial Services",
  "Prabhudas Lilladher",
  "Nirmal Bang Institutional Equities",
  "Centrum Broking",
  "Systematix Institutional Equities",
  "Elara Capital",
  "Equirus Securities",
  "Investec Capital Services",
  "Antique Stock Broking",
  "Spark Capital Advisors",
  "Anand Rathi Institutional Equities",
  "Morgan Stanley India",
  "Goldman Sachs India",
  "Nomura India",
  "CLSA India",
  "Macquarie Capital India",
  "BofA Securities India",
  "Citi Research India",
];

export const personFirstNames: readonly string[] = [
  "Aarav",
  "Aditi",
  "Amit",
  "Ananya",
  "Anil",
  "Arjun",
  "Deepak",
  "Divya",
  "Gaurav",
  "Harsh",
  "Ishaan",
  "Kavita",
  "Karthik",
  "Lakshmi",
  "Manish",
  "Meera",
  "Nikhil",
  "Neha",
  "Pooja",
  "Pranav",
  "Priya",
  "Rahul",
  "Rajesh",
  "Ramesh",
  "Ritika",
  "Rohan",
  "Sandeep",
  "Sanjay",
  "Shreya",
  "Siddharth",
  "Sneha",
  "Srinivas",
  "Sunita",
  "Tanvi",
  "Varun",
  "Vikram",
  "Vivek",
  "Yash",
];

export const personLastNames: readonly string[] = [
  "Agarwal",
  "Banerjee",
  "Bhat",
  "Chatterjee",
  "Desai",
  "Gupta",
  "Iyer",
  "Jain",
  "Joshi",
  "Kapoor",
  "Khanna",
  "Krishnan",
  "Kulkarni",
  "Malhotra",
  "Mehta",
  "Menon",
  "Mishra",
  "Nair",
  "Patel",
  "Pillai",
  "Rao",
  "Reddy",
  "Sharma",
  "Shah",
  "Singh",
  "Sinha",
  "Subramanian",
  "Trivedi",
  "Verma",
  "Venkatesh",
];

export const announcementSummaries: Record<string, readonly string[]> = {
  Acquisition: [
    "{company} has entered into a definitive agreement to acquire a 100% stake in a domestic company for a consideration of {amount}.",
    "{company} informed the exchanges that it has completed the acquisition of a controlling stake in a technology company, which is now a subsidiary.",
    "{company} will acquire a 51% stake in a strategic business for {amount} in an all-cash deal, subject to regulatory approvals.",
  ],
  "Annual Report": [
    "{company} has submitted its annual report for {lastFy}, along with the notice of the annual general meeting.",
    "{company} has filed the annual report for the financial year {fy} under Regulation 34 of the SEBI Listing Regulations.",
  ],
  "Award/Receipt of Order": [
    "{company} has received an order worth {amount} for supply and execution, to be completed over 24 months.",
    "{company} has emerged as the lowest bidder for a project valued at {amount}.",
    "{company} has bagged a letter of award worth {amount} from a public sector undertaking.",
  ],
  "Bonus Issue": [
    "The board of {company} has recommended a bonus issue of equity shares in the ratio of {ratio}, subject to shareholder approval.",
    "{company} has fixed the record date for determining shareholders eligible for the {ratio} bonus issue.",
  ],
  Buyback: [
    "The board of {company} has approved a buyback of fully paid-up equity shares for an aggregate amount not exceeding {amount} through the tender offer route.",
    "{company} has announced the record date for its buyback of equity shares at {price} per share.",
  ],
  "Capex/Expansion": [
    "The board of {company} has approved a capital expenditure of {amount} to expand manufacturing capacity.",
    "{company} has commenced commercial production at its new facility, adding to its installed capacity.",
    "{company} has approved setting up a greenfield plant with an investment of {amount}, to be funded through a mix of debt and internal accruals.",
  ],
  "Change in Management": [
    "{company} has appointed {person} as {designation} with effect from {date}.",
    "{company} has informed the exchanges about the resignation of its {designation}, {person}, due to personal reasons.",
    "The board of {company} has approved the re-appointment of {person} as {designation} for a further term of five years.",
  ],
  "Conversion of Warrants": [
    "{company} has allotted equity shares upon conversion of warrants held by promoter group entities.",
    "{company} has received the balance consideration of {amount} and allotted equity shares on conversion of convertible warrants.",
  ],
  "De-listing": [
    "The promoters of {company} have expressed their intention to voluntarily delist the equity shares of the company from the stock exchanges.",
    "{company} has received in-principle approval from the exchange for the voluntary delisting of its equity shares.",
  ],
  Demerger: [
    "The board of {company} has approved a scheme of arrangement for the demerger of its business into a separate listed entity.",
    "{company} has received NCLT approval for the scheme of demerger and has fixed the record date for allotment of shares in the resulting company.",
  ],
  Divestment: [
    "{company} has signed an agreement to sell its non-core business to a strategic buyer for {amount}.",
    "{company} has completed the divestment of its entire stake in a subsidiary, which has ceased to be a subsidiary of the company.",
  ],
  Dividend: [
    "The board of {company} has declared an interim dividend of {dps} per equity share for {fy}.",
    "The board of {company} has recommended a final dividend of {dps} per share, subject to shareholder approval at the AGM.",
    "{company} has fixed the record date for the payment of interim dividend of {dps} per share.",
  ],
  "Incident/Accident": [
    "{company} has informed the exchanges about a fire incident at one of its plants. There were no casualties, and the damage is being assessed.",
    "{company} has reported a temporary suspension of operations at a manufacturing unit following an incident; the facility is adequately insured.",
  ],
  "Incorporation of Subsidiary": [
    "{company} has incorporated a wholly owned subsidiary to pursue opportunities in a new business vertical.",
    "{company} has incorporated a step-down subsidiary overseas to strengthen its international presence.",
  ],
  "Intimation of proposal of IPO of Subsidiary": [
    "The board of {company} has approved, in principle, a proposal for the initial public offering of its subsidiary, subject to market conditions and approvals.",
    "{company} has informed that its subsidiary has filed a draft red herring prospectus with SEBI for a proposed initial public offering.",
  ],
  "Investor Presentation": [
    "{company} has shared its investor presentation on the financial results for {quarter}.",
    "{company} has submitted a copy of the presentation to be made at analyst and investor meetings this week.",
  ],
  "Issue of Securities": [
    "The board of {company} has approved raising up to {amount} through a qualified institutions placement.",
    "{company} has allotted non-convertible debentures aggregating {amount} on a private placement basis.",
    "{company} has closed its QIP issue and approved the allotment of equity shares at an issue price of {price}.",
  ],
  "Joint Venture": [
    "{company} has entered into a joint venture agreement with a global partner to manufacture products for the Indian market.",
    "{company} has signed a shareholders' agreement to form a 50:50 joint venture, with an initial investment of {amount}.",
  ],
  "Liquidation/Insolvency": [
    "{company} has informed that an application has been filed before the NCLT against one of its subsidiaries under the Insolvency and Bankruptcy Code.",
    "{company} has disclosed that a step-down subsidiary has initiated voluntary liquidation, with no material impact on the company.",
  ],
  Litigation: [
    "{company} has disclosed receipt of an order from a tribunal in an ongoing dispute and is evaluating legal remedies.",
    "{company} has informed about a favourable ruling from the High Court in a long-pending commercial dispute.",
  ],
  "Media Release of Financial Results": [
    "{company} has issued a press release on its financial results for {quarter}, reporting revenue of {amount}.",
    "{company} has shared its media release highlighting key financial and operational metrics for the quarter ended {periodEnd}.",
  ],
  Merger: [
    "The board of {company} has approved a scheme of amalgamation of its wholly owned subsidiary with the company.",
    "{company} has received approval from the NCLT for the scheme of merger, which will become effective upon filing with the Registrar of Companies.",
  ],
  "Offer for Sale (OFS)": [
    "A promoter of {company} proposes to sell up to {pct} of the company's equity through an offer for sale on the stock exchange mechanism.",
    "{company} has informed that the promoter's offer for sale has been completed, with the non-retail portion fully subscribed.",
  ],
  "Outcome of Board Meeting": [
    "The board of {company} has approved the unaudited financial results for the quarter ended {periodEnd}.",
    "The board of {company} at its meeting held on {date} approved the results for {quarter} and declared an interim dividend of {dps} per share.",
    "The board of {company} has approved fund raising of up to {amount} and the appointment of an additional director.",
  ],
  Partnership: [
    "{company} has entered into a strategic partnership with a leading technology company to co-develop solutions for enterprise customers.",
    "{company} has signed a memorandum of understanding with a state government for collaboration on infrastructure projects.",
  ],
  Penalty: [
    "{company} has received an order imposing a penalty of {amount} from a tax authority and intends to file an appeal.",
    "{company} has disclosed a fine levied by the exchanges for delayed compliance with a listing regulation; the company has paid the fine.",
  ],
  "Redemption of Securities": [
    "{company} has completed the redemption of non-convertible debentures aggregating {amount} on the due date.",
    "{company} has made timely payment of principal and interest on its commercial paper due for redemption.",
  ],
  "Reduction of Stake": [
    "A promoter group entity of {company} has sold {pct} of the company's equity in open market transactions.",
    "{company} has informed that it has reduced its stake in an associate company by {pct}.",
  ],
  "Regulatory Approval": [
    "{company} has received approval from the regulator for the proposed scheme, which remains subject to other conditions.",
    "{company} has received the Competition Commission of India's approval for its proposed acquisition.",
    "{company} has received final approval for a key product, allowing it to launch in the market.",
  ],
  "Rights Issue": [
    "The board of {company} has approved raising up to {amount} through a rights issue of equity shares to existing shareholders.",
    "{company} has fixed the record date for determining shareholders eligible to apply in the rights issue at {price} per share.",
  ],
  "Stock Split": [
    "The board of {company} has approved the sub-division of equity shares in the ratio of {ratio}, subject to shareholder approval.",
    "{company} has fixed the record date for the stock split, after which each existing share will be sub-divided as approved.",
  ],
  "Unaudited Financial Results": [
    "{company} has submitted its unaudited standalone and consolidated financial results for the quarter ended {periodEnd}.",
    "{company} has filed its unaudited results for {quarter} along with the limited review report of the statutory auditors.",
  ],
  "AGM/EGM": [
    "{company} has informed that its annual general meeting will be held on {date} through video conferencing.",
    "{company} has submitted the proceedings and voting results of its extraordinary general meeting held on {date}.",
  ],
  "Change in company name": [
    "{company} has received approval from the Registrar of Companies for the change in its name, effective from {date}.",
    "The board of {company} has approved a proposal to change the name of the company to reflect its expanded business profile.",
  ],
  "Company Update": [
    "{company} has shared a business update for {quarter}, highlighting key operating metrics.",
    "{company} has provided an update on the progress of its ongoing projects and expansion plans.",
    "{company} has clarified on a news item appearing in the media, stating that there is no material information pending disclosure.",
  ],
  Concall: [
    "{company} has scheduled an earnings conference call on {date} to discuss the results for {quarter}.",
    "{company} has submitted the audio recording and transcript of the earnings call held to discuss the {quarter} results.",
  ],
  "Corp Action": [
    "{company} has fixed {date} as the record date for the purpose of the corporate action approved by the board.",
    "{company} has informed about the book closure dates for the purpose of the AGM and final dividend.",
  ],
  "Credit Rating": [
    "{company} has informed that its long-term bank facilities have been rated {rating}.",
    "{company} has received a rating of {rating} for its proposed non-convertible debentures of {amount}.",
    "{company}'s credit rating has been reaffirmed at {rating} by the rating agency.",
  ],
  ESOPs: [
    "{company} has allotted equity shares to eligible employees upon exercise of stock options under its ESOP scheme.",
    "The nomination and remuneration committee of {company} has approved the grant of stock options to eligible employees.",
  ],
  "GST Payment": [
    "{company} has received a GST demand order of {amount}, including interest and penalty, and plans to file an appeal.",
    "{company} has disclosed an intimation of tax payable under GST and believes it has a strong case on merits.",
  ],
  "Income Tax": [
    "{company} has received an assessment order from the Income Tax Department with a demand of {amount}; the company will contest it.",
    "{company} has received a favourable order from the Income Tax Appellate Tribunal, resulting in a reduction of the earlier tax demand.",
  ],
  "Meeting Intimation": [
    "{company} has informed that a meeting of the board of directors is scheduled on {date} to consider the financial results for {quarter}.",
    "{company} has intimated the schedule of analyst and institutional investor meetings to be held next week.",
  ],
  "Monitoring Agency Report": [
    "{company} has submitted the monitoring agency report on the utilisation of proceeds from its QIP for the quarter ended {periodEnd}.",
    "{company} has filed the monitoring agency report confirming no deviation in the use of issue proceeds.",
  ],
  "Newspaper Publication": [
    "{company} has submitted copies of the newspaper advertisement published for the financial results for {quarter}.",
    "{company} has shared copies of the newspaper publication regarding the notice of the AGM and e-voting information.",
  ],
  Others: [
    "{company} has submitted a disclosure under Regulation 30 of the SEBI Listing Regulations.",
    "{company} has informed the exchanges about the closure of the trading window for designated persons.",
    "{company} has submitted a certificate under Regulation 74(5) of the SEBI (Depositories and Participants) Regulations.",
  ],
  "Regulatory Authority Inspection": [
    "{company} has informed that a regulatory authority has completed an inspection of one of its facilities and issued observations.",
    "{company} has disclosed the completion of an inspection by a regulatory authority with no adverse findings.",
  ],
} satisfies Record<AnnouncementCategory, readonly string[]>;

export const announcementLongSummaries: Record<string, readonly string[]> = {
  Acquisition: [
    "{company} has entered into a definitive agreement to acquire a 100% stake in a domestic company for an enterprise value of {amount}. The acquisition will strengthen the company's product portfolio and give it access to new customer segments. The transaction is expected to be completed within 90 days, subject to customary closing conditions and regulatory approvals.",
    "{company} has completed the acquisition of a majority stake in a technology-led business, which has now become a subsidiary of the company. The consideration was paid in cash from internal accruals. Management expects the acquisition to be earnings-accretive from {nextFy}.",
  ],
  "Annual Report": [
    "{company} has submitted its annual report for {lastFy} to the stock exchanges under Regulation 34 of the SEBI Listing Regulations. The report includes the audited financial statements, the board's report and the business responsibility and sustainability report. The annual general meeting will be held on {date} through video conferencing.",
  ],
  "Award/Receipt of Order": [
    "{company} has received an order worth {amount} from a leading public sector undertaking for the supply, installation and commissioning of equipment. The order is to be executed over 24 months and will add to the company's existing order book. The company said the win reflects its strong technical capabilities and execution track record.",
    "{company} has been declared the lowest bidder for a large infrastructure project valued at {amount}. The letter of award is expected shortly, and execution will begin upon signing of the contract. With this win, the company's order book rises to a record level, providing visibility for the next two to three years.",
  ],
  "Bonus Issue": [
    "The board of {company} has recommended the issue of bonus equity shares in the ratio of {ratio}, subject to shareholder approval. The bonus shares will be issued by capitalising a portion of the free reserves of the company. The record date for determining eligible shareholders will be announced separately.",
  ],
  Buyback: [
    "The board of {company} has approved a buyback of up to {amount} of fully paid-up equity shares at {price} per share through the tender offer route. The buyback price represents a premium to the current market price, and the promoters have indicated their intention to participate. The buyback is subject to shareholder approval through a postal ballot.",
  ],
  "Capex/Expansion": [
    "The board of {company} has approved a capital expenditure of {amount} to set up a new manufacturing facility. The project will be funded through a combination of internal accruals and debt, and is expected to be commissioned within 18 to 24 months. The expansion will increase the company's installed capacity significantly and support growth from {nextFy}.",
  ],
  "Change in Management": [
    "The board of {company} has appointed {person} as {designation} with effect from {date}. {person} has more than 25 years of experience across leading Indian and multinational companies and will be responsible for driving the company's next phase of growth. The appointment is subject to shareholder approval.",
    "{company} has informed the exchanges that its {designation}, {person}, has tendered resignation to pursue opportunities outside the company. The resignation will be effective at the close of business hours on {date}. The board has initiated the process of identifying a successor and will make an appointment in due course.",
  ],
  "Conversion of Warrants": [
    "{company} has allotted equity shares to promoter group entities upon conversion of warrants issued on a preferential basis. The company received the balance 75% of the issue price, amounting to {amount}, at the time of conversion. Following the allotment, the paid-up share capital of the company has increased accordingly.",
  ],
  "De-listing": [
    "The promoter group of {company} has expressed its intention to voluntarily delist the company's equity shares from the stock exchanges. The board has appointed a merchant banker to carry out due diligence as required under the SEBI delisting regulations. The proposal is subject to shareholder approval and the outcome of the reverse book-building process.",
  ],
  Demerger: [
    "The board of {company} has approved a scheme of arrangement for the demerger of one of its businesses into a separate entity, which will be listed on the stock exchanges. Shareholders of the company will receive shares of the resulting company in a ratio to be specified in the scheme. The demerger is aimed at unlocking value and allowing each business to pursue its own growth strategy.",
  ],
  Divestment: [
    "{company} has signed a definitive agreement to sell its non-core business to a strategic buyer for a consideration of {amount}. The divestment is in line with the company's strategy to focus on its core operations and strengthen its balance sheet. The proceeds will be used to reduce debt and fund growth investments.",
  ],
  Dividend: [
    "The board of {company} has declared an interim dividend of {dps} per equity share for the financial year {fy}. The record date for determining the eligibility of shareholders has been fixed as {date}. The dividend will be paid to eligible shareholders within 30 days from the date of declaration.",
  ],
  "Incident/Accident": [
    "{company} has informed the exchanges about a fire incident at one of its manufacturing facilities. The fire was brought under control promptly, there were no casualties, and operations at other plants remain unaffected. The company is assessing the extent of the damage, and the facility is adequately covered by insurance.",
  ],
  "Incorporation of Subsidiary": [
    "{company} has incorporated a wholly owned subsidiary to pursue opportunities in a new line of business. The subsidiary has an initial authorised capital that will be subscribed fully by the company. It will commence operations after receiving the necessary approvals and will be consolidated in the company's financial statements.",
  ],
  "Intimation of proposal of IPO of Subsidiary": [
    "The board of {company} has approved, in principle, a proposal for the listing of its subsidiary through an initial public offering. The offer may comprise a fresh issue of shares and an offer for sale by existing shareholders, including the company. The proposal is subject to market conditions, regulatory approvals and other considerations.",
  ],
  "Investor Presentation": [
    "{company} has submitted the investor presentation on its financial and operational performance for {quarter}. The presentation covers segment-wise performance, key operating metrics and management's outlook for the business. It is also available on the company's website for the benefit of shareholders.",
  ],
  "Issue of Securities": [
    "The board of {company} has approved raising funds of up to {amount} through a qualified institutions placement or other permissible modes. The proceeds will be used to fund capacity expansion, repay debt and for general corporate purposes. The issue is subject to shareholder approval and market conditions.",
    "{company} has completed its qualified institutions placement, allotting equity shares to eligible institutional buyers at an issue price of {price}. The issue saw strong demand from domestic and foreign investors. The proceeds will strengthen the company's balance sheet and support its growth plans.",
  ],
  "Joint Venture": [
    "{company} has entered into a joint venture agreement with a global partner to set up a manufacturing facility in India. The joint venture will combine the partner's technology with the company's market access and distribution strength. The initial investment in the venture is estimated at {amount}, to be shared between the partners.",
  ],
  "Liquidation/Insolvency": [
    "{company} has informed the exchanges that one of its step-down subsidiaries has initiated voluntary liquidation proceedings. The subsidiary has no significant operations, and the liquidation is part of the group's efforts to simplify its corporate structure. The company does not expect any material financial impact from the liquidation.",
  ],
  Litigation: [
    "{company} has disclosed that it has received an order from a tribunal in connection with an ongoing commercial dispute. The company believes it has a strong case on merits and is evaluating legal remedies, including filing an appeal. The order is not expected to have a material impact on the company's operations or financial position.",
  ],
  "Media Release of Financial Results": [
    "{company} has issued a media release on its financial performance for {quarter}, reporting revenue of {amount}. The release highlights growth across key segments, improvement in margins and management's commentary on the outlook. Detailed financial statements have been submitted separately to the exchanges.",
  ],
  Merger: [
    "The board of {company} has approved a scheme of amalgamation of its wholly owned subsidiary with the company. The merger is aimed at simplifying the group structure, achieving operational synergies and reducing compliance costs. Since the subsidiary is wholly owned, no shares will be issued as consideration under the scheme.",
  ],
  "Offer for Sale (OFS)": [
    "A promoter of {company} proposes to sell up to {pct} of the company's paid-up equity through an offer for sale on the stock exchange mechanism. The non-retail portion will open on {date}, followed by the retail portion on the next trading day. The sale is being undertaken to meet minimum public shareholding requirements.",
  ],
  "Outcome of Board Meeting": [
    "The board of {company}, at its meeting held on {date}, approved the unaudited financial results for the quarter ended {periodEnd}. The board also declared an interim dividend of {dps} per share and approved the appointment of an independent director. The meeting commenced in the afternoon and concluded in the evening.",
  ],
  Partnership: [
    "{company} has entered into a strategic partnership with a leading global company to expand its product offerings in India. The partnership will allow the company to leverage the partner's technology and expertise while providing access to its distribution network. The financial terms of the arrangement were not disclosed.",
  ],
  Penalty: [
    "{company} has received an order from a tax authority levying a penalty of {amount}. The company believes the order is not sustainable on merits and intends to file an appeal before the appropriate forum. The penalty is not expected to have a material impact on the company's financial position.",
  ],
  "Redemption of Securities": [
    "{company} has completed the redemption of non-convertible debentures aggregating {amount} on the scheduled due date. The principal and interest have been paid in full to the debenture holders. With this, the debentures stand fully redeemed and will be delisted from the exchange.",
  ],
  "Reduction of Stake": [
    "A promoter group entity of {company} has sold {pct} of the company's equity through open market transactions on the exchanges. Following the sale, the promoter group's shareholding in the company has reduced accordingly. The disclosure has been made under the SEBI takeover regulations.",
  ],
  "Regulatory Approval": [
    "{company} has received the Competition Commission of India's approval for its proposed acquisition. The approval clears the way for the completion of the transaction, subject to remaining conditions precedent. The company expects to close the deal within the current quarter.",
  ],
  "Rights Issue": [
    "The board of {company} has approved raising up to {amount} through a rights issue of equity shares to eligible shareholders. The issue price, rights entitlement ratio and record date will be decided by the board's fund-raising committee. The proceeds will be used to reduce debt and fund the company's growth plans.",
  ],
  "Stock Split": [
    "The board of {company} has approved the sub-division of each equity share in the ratio of {ratio}, subject to shareholder approval. The split is intended to improve the liquidity of the shares and make them more accessible to retail investors. The record date for the split will be announced after the shareholder approval is received.",
  ],
  "Unaudited Financial Results": [
    "{company} has submitted its unaudited standalone and consolidated financial results for the quarter ended {periodEnd}. The results were reviewed by the audit committee and approved by the board, with a limited review report issued by the statutory auditors. Consolidated revenue for the quarter stood at {amount}.",
  ],
  "AGM/EGM": [
    "{company} has informed that its annual general meeting will be held on {date} through video conferencing or other audio-visual means. The agenda includes adoption of financial statements, declaration of final dividend and re-appointment of directors. Shareholders can cast their votes through remote e-voting or at the meeting.",
  ],
  "Change in company name": [
    "{company} has received approval from the Registrar of Companies for the change in its name, effective from {date}. The new name reflects the company's evolving business profile and strategic direction. The stock exchanges will update the company's name in their records, while the trading symbol remains subject to exchange confirmation.",
  ],
  "Company Update": [
    "{company} has shared a business update for {quarter}, highlighting key operating metrics ahead of its detailed results. The update shows continued growth in the core business, supported by healthy demand. The company will announce its full financial results at the upcoming board meeting.",
  ],
  Concall: [
    "{company} has scheduled an earnings conference call on {date} to discuss the financial results for {quarter}. The call will be attended by the senior management team, including the managing director and the chief financial officer. Dial-in details and the registration link have been shared in the intimation.",
  ],
  "Corp Action": [
    "{company} has fixed {date} as the record date for determining shareholders eligible for the corporate action approved by the board. Shareholders holding shares as on the record date will be entitled to the benefit. The company has requested shareholders to update their bank and KYC details with their depository participants.",
  ],
  "Credit Rating": [
    "{company} has informed that the rating agency has assigned a rating of {rating} to its long-term bank facilities. The rating reflects the company's strong market position, healthy profitability and comfortable financial risk profile. The agency noted that the company's liquidity position remains adequate.",
  ],
  ESOPs: [
    "{company} has allotted equity shares to eligible employees upon the exercise of stock options granted under its employee stock option scheme. The shares rank pari passu with the existing equity shares of the company. Consequently, the paid-up share capital of the company has increased marginally.",
  ],
  "GST Payment": [
    "{company} has received an order from the GST authorities raising a demand of {amount}, including interest and penalty. The company believes it has a strong case on merits and will file an appeal within the prescribed timeline. The order is not expected to have a material impact on the company's financial position or operations.",
  ],
  "Income Tax": [
    "{company} has received an assessment order from the Income Tax Department raising a demand of {amount} for an earlier assessment year. The company believes the additions are not tenable and intends to file an appeal with the appellate authority. Based on legal advice, the company does not expect any material financial impact.",
  ],
  "Meeting Intimation": [
    "{company} has informed that a meeting of its board of directors will be held on {date} to consider and approve the unaudited financial results for {quarter}. The trading window for designated persons has been closed until 48 hours after the declaration of results. The board may also consider the declaration of an interim dividend.",
  ],
  "Monitoring Agency Report": [
    "{company} has submitted the monitoring agency report on the utilisation of proceeds raised through its QIP for the quarter ended {periodEnd}. The report confirms that the proceeds have been utilised for the objects stated in the offer document. There has been no deviation or variation in the use of proceeds.",
  ],
  "Newspaper Publication": [
    "{company} has submitted copies of the newspaper advertisements published in English and regional-language dailies. The advertisements relate to the extract of the financial results for {quarter}. The publication has been made in compliance with Regulation 47 of the SEBI Listing Regulations.",
  ],
  Others: [
    "{company} has submitted a disclosure to the stock exchanges under Regulation 30 of the SEBI Listing Regulations. The disclosure relates to an event that the company has assessed as requiring intimation to the exchanges. The company said it will keep the exchanges informed of any further developments.",
  ],
  "Regulatory Authority Inspection": [
    "{company} has informed that a regulatory authority has completed an inspection of one of its manufacturing facilities. The inspection concluded with a few procedural observations, none of which relate to data integrity. The company will submit its response within the stipulated time and does not expect any impact on supplies.",
  ],
} satisfies Record<AnnouncementCategory, readonly string[]>;

export const boardMeetingTitles: readonly string[] = [
  "Board Meeting Intimation for Consideration and approval of Unaudited Financial Results for the quarter ended {periodEnd}",
  "Board Meeting Intimation for Approval of Unaudited Standalone and Consolidated Financial Results for {quarter}",
  "Intimation of Board Meeting to consider Financial Results for the quarter and half year ended {periodEnd}",
  "Board Meeting Intimation for Consideration of Audited Financial Results for the quarter and year ended {periodEnd} and recommendation of Final Dividend",
  "Prior Intimation of Board Meeting for Financial Results for {quarter} and Declaration of Interim Dividend",
  "Board Meeting on {date} to consider Unaudited Financial Results and Fund Raising",
];

export const boardMeetingBodies: readonly string[] = [
  "Pursuant to Regulation 29 of the SEBI (Listing Obligations and Disclosure Requirements) Regulations, 2015, we hereby inform you that a meeting of the Board of Directors of {company} is scheduled to be held on {date}, inter alia, to consider and approve the Unaudited Financial Results (Standalone and Consolidated) for the quarter ended {periodEnd}.",
  "{company} has informed the Exchange that a meeting of the Board of Directors will be held on {date} to consider and approve the Unaudited Financial Results of the Company for the quarter and half year ended {periodEnd}. The trading window shall remain closed until 48 hours after the declaration of the Financial Results.",
  "Notice is hereby given that a meeting of the Board of Directors of {company} will be held on {date}, inter alia, to consider and take on record the Unaudited Financial Results for {quarter} and to consider the declaration of an interim dividend, if any.",
  "We wish to inform you that the Board of Directors of {company} will meet on {date} to consider and approve the Audited Financial Results for the quarter and financial year ended {periodEnd}, and to recommend a final dividend, if any, for {fy}.",
  "This is to inform you that a meeting of the Board of Directors of the Company is scheduled on {date} to consider the Unaudited Financial Results for the quarter ended {periodEnd}. The Company will also host an earnings conference call with analysts and investors after the declaration of the Financial Results.",
  "In terms of the SEBI Listing Regulations, {company} hereby intimates that its Board of Directors will meet on {date} to approve the Financial Results for {quarter} and to consider raising of funds through permissible modes, subject to necessary approvals.",
];
