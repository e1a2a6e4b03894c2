export * from "./md";
export * from "./latency-sections";
export * from "./run-report";
export * from "./scenario-report";
