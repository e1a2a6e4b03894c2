/** Derived evidence for the scenario page: tool calls, ASR diff, action diff, quotes, hints. */
export * from "./action-diff";
export * from "./asr-diff";
export * from "./hints";
export * from "./quotes";
export * from "./tool-calls";
export * from "./failing-signals";
export * from "./likely-causes";
export * from "./read-back";
export * from "./scenario-why";
export * from "./asr-turns";
