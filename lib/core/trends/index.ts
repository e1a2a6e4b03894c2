/** Across many runs: suites and the scenario × run strip (pure). */
export { groupSuites, type Suite, type SuiteInput } from "./suites";
export { DEFAULT_STRIP_SORT, sortStrip, stripRow, STRIP_SORTS, type Cell, type StripRow, type StripSort } from "./strip";
export { DEFAULT_TREND_RANGE, parseTrendRange, rangeStart, TREND_RANGES, type TrendRange } from "./range";
export { anomalies, binomialCdf, ANOMALY_ALPHA, ANOMALY_MIN_TRAILING, ANOMALY_TRAILING, type Anomaly, type RatePoint } from "./anomaly";
