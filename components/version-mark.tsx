/**
 * The index version a server render saw, as a <meta> (React hoists it into <head>). LiveUpdates
 * compares it with the SSE `hello` version, so a change between the render and the EventSource
 * connecting is not missed.
 */
export const VERSION_META = "ved-index-version";

export function VersionMark({ version }: { version: number }) {
  return <meta name={VERSION_META} content={String(version)} />;
}
