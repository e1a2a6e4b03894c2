/** Transcripts: turns from whichever file has them, and the compare page's aligned exchanges. */
export * from "./turns";
export * from "./exchanges";
export * from "./metrics-turns";
export * from "./sources";
export * from "./interruptions";
