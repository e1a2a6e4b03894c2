export const DERIVED_SOURCES: readonly string[];
export const BUILD_SOURCES: readonly string[];
export function sourceHash(root: string, entries: readonly string[]): string;
export function derivedDataHash(root: string): string;
export function buildInputs(root: string): Record<string, string>;
