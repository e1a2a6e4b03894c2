/** Registry of domain kits. */
import type { DomainKit } from "../model";
import { airlineKit } from "./airline";
import { customerServiceKit } from "./customer-service";
import { evaKit } from "./eva";
import { qaKit, simpleQaKits } from "./qa";
import { fastbiteKit, restaurantKit } from "./restaurant";
import { retailKit } from "./retail";
import { showcaseKit } from "./showcase";
import { telecomKit, telecomWorkflowKit } from "./telecom";

const KITS: DomainKit[] = [
  evaKit,
  airlineKit,
  retailKit,
  telecomKit,
  telecomWorkflowKit,
  restaurantKit,
  customerServiceKit,
  qaKit,
  fastbiteKit,
  ...simpleQaKits,
  showcaseKit,
];

export const DOMAINS: readonly string[] = KITS.map((k) => k.domain);

export function kitFor(domain: string): DomainKit {
  const kit = KITS.find((k) => k.domain === domain);
  if (!kit) throw new Error(`unknown domain ${domain}; known: ${DOMAINS.join(", ")}`);
  return kit;
}

/** Legacy domain-less scenarios: the scenario name is the domain. */
export function isBare(domain: string): boolean {
  return domain === "fastbite" || /^simple_qa_\d+$/.test(domain);
}
