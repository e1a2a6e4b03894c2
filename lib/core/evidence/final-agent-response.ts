/**
 * The one reader of `final_agent_response.json` (ARTIFACTS.md §1.8): a list of objects (the pull
 * shape `[{actions: […]}]` or one object per pushed summary). An entry that is not an object is
 * named and left out, the others used.
 */
import { FinalAgentResponseSchema } from "../schemas";
import { readJsonArtifact, type Read } from "./json-artifact";

export function readFinalAgentResponse(text: string): Read<Record<string, unknown>[]> {
  const { value, problems } = readJsonArtifact("final_agent_response.json", text, FinalAgentResponseSchema);
  return { value, problems };
}
