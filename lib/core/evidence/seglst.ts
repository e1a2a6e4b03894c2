/**
 * The one reader of `conversation_log.seglst.json` (ARTIFACTS.md §1.11): the scenario page's
 * transcript and the timing pass read it through `readSegLst`. A segment without its speaker or
 * times is named and left out, the other segments used.
 */
import { SegLstSchema, type Segment } from "../schemas";
import { readJsonArtifact, type Read } from "./json-artifact";

export function readSegLst(text: string): Read<Segment[]> {
  const { value, problems } = readJsonArtifact("conversation_log.seglst.json", text, SegLstSchema);
  return { value, problems };
}
