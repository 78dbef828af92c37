/**
 * Real reported quarters the generated market is pinned to: the company's revenue and profit in that quarter as its
 * results release stated them, so a trader comparing with Screener sees the company at its own scale. The generator
 * scales a company's whole series (growth rates and stories untouched) to pass through these figures.
 */

export interface ReferenceQuarter {
  /** The quarter's key (q2_26: July–September 2025). */
  quarter: string;
  /** Consolidated revenue from operations, ₹ crore. */
  revenueCr: number;
  /** Consolidated profit after tax attributable to owners, ₹ crore. */
  patCr: number;
  /** Revenue of the same quarter a year before, ₹ crore, where the release states it: the year's growth is the real one. */
  yearAgoRevenueCr?: number;
}

// Q2 FY26 (quarter to 30 September 2025), consolidated, from each company's results press release / investor
// presentation of October–November 2025, rounded to the crore. "~" marks figures known to within a few per cent only.
//
// The year-ago revenue (Q2 FY25, same basis) is carried where the release's comparison column is known.
//
// | symbol     | revenue ₹ cr | PAT ₹ cr | Q2 FY25 revenue | release                                          |
// |------------|-------------:|---------:|----------------:|--------------------------------------------------|
// | RELIANCE   |     2,54,623 |   18,165 |                 | RIL Q2 FY26 release, 17 Oct 2025 (revenue net of GST; gross ₹2.84 lakh cr) |
// | TCS        |       65,799 |   12,075 |          64,259 | TCS Q2 FY26, 9 Oct 2025                                              |
// | INFY       |       44,490 |    7,364 |          40,986 | Infosys Q2 FY26, 16 Oct 2025                                         |
// | HCLTECH    |       31,942 |    4,235 |          28,862 | HCLTech Q2 FY26, 13 Oct 2025                                         |
// | WIPRO      |       22,697 |    3,246 |          22,302 | Wipro Q2 FY26, 16 Oct 2025                                           |
// | ITC        |      ~21,256 |   ~5,187 |                 | ITC Q2 FY26, 30 Oct 2025                                             |
// | MARUTI     |       42,345 |   ~3,293 |         ~37,449 | Maruti Suzuki Q2 FY26, 31 Oct 2025                                   |
// | SOLARINDS  |       ~2,082 |     ~507 |                 | Solar Industries Q2 FY26, Nov 2025                                   |
// | LT         |       67,984 |    3,926 |          61,555 | L&T Q2 FY26, 29 Oct 2025                                             |
// | BHARTIARTL |       52,145 |    6,792 |          41,473 | Bharti Airtel Q2 FY26, 3 Nov 2025                                    |
// | HINDUNILVR |      ~16,034 |   ~2,694 |         ~15,926 | HUL Q2 FY26, 23 Oct 2025                                             |
// | SUNPHARMA  |       14,405 |    3,118 |          13,291 | Sun Pharma Q2 FY26, 6 Nov 2025                                       |
// | NTPC       |      ~45,197 |   ~5,225 |                 | NTPC Q2 FY26, Oct 2025 (group)                                       |
// | TATASTEEL  |       58,689 |    3,102 |          53,905 | Tata Steel Q2 FY26, 13 Nov 2025                                      |
// | ASIANPAINT |        8,514 |   ~1,018 |           8,028 | Asian Paints Q2 FY26, 12 Nov 2025                                    |
// | TITAN      |      ~18,725 |   ~1,120 |                 | Titan Q2 FY26, Nov 2025 (total income, jewellery at gold prices)     |
// | ULTRACEMCO |       19,607 |    1,232 |          15,635 | UltraTech Q2 FY26, 13 Oct 2025                                       |
// | M&M        |      ~46,106 |   ~4,521 |                 | M&M Q2 FY26, 4 Nov 2025 (group, with the finance arm)                |
// | BAJAJ-AUTO |      ~15,735 |   ~2,122 |                 | Bajaj Auto Q2 FY26, Nov 2025                                         |
// | HDFCBANK   |    ~1,18,000 |   19,611 |                 | HDFC Bank Q2 FY26, 18 Oct 2025 (total income, with HDFC Life's premiums) |
// | SBIN       |    ~1,63,000 |  ~22,650 |                 | SBI Q2 FY26, 4 Nov 2025 (group total income and PAT; standalone PAT ₹20,160 cr) |
export const REFERENCE_QUARTERS: Readonly<Record<string, ReferenceQuarter>> = {
  RELIANCE: { quarter: "q2_26", revenueCr: 254_623, patCr: 18_165 },
  TCS: { quarter: "q2_26", revenueCr: 65_799, patCr: 12_075, yearAgoRevenueCr: 64_259 },
  INFY: { quarter: "q2_26", revenueCr: 44_490, patCr: 7_364, yearAgoRevenueCr: 40_986 },
  HCLTECH: { quarter: "q2_26", revenueCr: 31_942, patCr: 4_235, yearAgoRevenueCr: 28_862 },
  WIPRO: { quarter: "q2_26", revenueCr: 22_697, patCr: 3_246, yearAgoRevenueCr: 22_302 },
  ITC: { quarter: "q2_26", revenueCr: 21_256, patCr: 5_187 },
  MARUTI: { quarter: "q2_26", revenueCr: 42_345, patCr: 3_293, yearAgoRevenueCr: 37_449 },
  SOLARINDS: { quarter: "q2_26", revenueCr: 2_082, patCr: 507 },
  LT: { quarter: "q2_26", revenueCr: 67_984, patCr: 3_926, yearAgoRevenueCr: 61_555 },
  BHARTIARTL: { quarter: "q2_26", revenueCr: 52_145, patCr: 6_792, yearAgoRevenueCr: 41_473 },
  HINDUNILVR: { quarter: "q2_26", revenueCr: 16_034, patCr: 2_694, yearAgoRevenueCr: 15_926 },
  SUNPHARMA: { quarter: "q2_26", revenueCr: 14_405, patCr: 3_118, yearAgoRevenueCr: 13_291 },
  NTPC: { quarter: "q2_26", revenueCr: 45_197, patCr: 5_225 },
  TATASTEEL: { quarter: "q2_26", revenueCr: 58_689, patCr: 3_102, yearAgoRevenueCr: 53_905 },
  ASIANPAINT: { quarter: "q2_26", revenueCr: 8_514, patCr: 1_018, yearAgoRevenueCr: 8_028 },
  TITAN: { quarter: "q2_26", revenueCr: 18_725, patCr: 1_120 },
  ULTRACEMCO: { quarter: "q2_26", revenueCr: 19_607, patCr: 1_232, yearAgoRevenueCr: 15_635 },
  "M&M": { quarter: "q2_26", revenueCr: 46_106, patCr: 4_521 },
  "BAJAJ-AUTO": { quarter: "q2_26", revenueCr: 15_735, patCr: 2_122 },
  HDFCBANK: { quarter: "q2_26", revenueCr: 118_000, patCr: 19_611 },
  SBIN: { quarter: "q2_26", revenueCr: 163_000, patCr: 22_650 },
};
