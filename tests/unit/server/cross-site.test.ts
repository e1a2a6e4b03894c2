/** The proxy's cross-site rule (issue 42); the same over real HTTP and from a real browser in tests/e2e/secrets.spec.ts. */
import { describe, expect, it } from "vitest";
import { crossSiteRefusal } from "@/proxy";

describe("crossSiteRefusal", () => {
  it("refuses the API and a page's subresource loads from another site, never a top-level navigation, same-origin or header-less request", () => {
    expect(crossSiteRefusal("/api/runs", "cross-site", "navigate", "document")).toMatch(/API/);
    expect(crossSiteRefusal("/api/themes", "cross-site", "no-cors", "image")).toMatch(/API/);
    expect(crossSiteRefusal("/runs/x", "cross-site", "no-cors", "image")).toMatch(/another site/);
    expect(crossSiteRefusal("/runs/x", "cross-site", "cors", "empty")).toMatch(/another site/);
    expect(crossSiteRefusal("/runs/x", "cross-site", "navigate", "iframe")).toMatch(/another site/);
    expect(crossSiteRefusal("/runs/x", "cross-site", "navigate", "document")).toBeNull();
    expect(crossSiteRefusal("/runs/x", "cross-site", "navigate", null)).toBeNull();
    expect(crossSiteRefusal("/api/runs", "same-origin", "cors", "empty")).toBeNull();
    expect(crossSiteRefusal("/api/runs", "none", "navigate", "document")).toBeNull();
    expect(crossSiteRefusal("/api/runs", null, null, null)).toBeNull();
  });
});
