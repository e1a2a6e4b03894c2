export const STAMP: string;
export interface BuildStatus {
  upToDate: boolean;
  reason: string;
  inputs: Record<string, string>;
}
export function buildStatus(root?: string): BuildStatus;
export function ensureBuild(options?: { root?: string; env?: NodeJS.ProcessEnv; log?: (line: string) => void; nextBin?: string; always?: boolean }): boolean;
