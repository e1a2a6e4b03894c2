/**
 * Issue 55: one titled panel for every page (the compare pages' `Panel` became `Card`). What pages and
 * browser tests find a panel by: its id, its heading labelling the section, its test id, its line
 * under the title and its actions beside it.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Card } from "@/components/ui/card";

const html = (props: Parameters<typeof Card>[0]) => renderToStaticMarkup(createElement(Card, props));

describe("Card", () => {
  it("labels its section by its heading, and carries its id and test id", () => {
    const out = html({ id: "setup", title: "Setup", testId: "setup-section", children: createElement("p", null, "body") });
    expect(out).toMatch(/^<section id="setup" aria-labelledby="setup-heading" class="[^"]*" data-testid="setup-section">/);
    expect(out).toContain('<h2 id="setup-heading" class="text-base font-semibold tracking-tight">Setup</h2>');
    expect(out).toContain("<p>body</p>");
  });

  it("puts the description under the title and the actions beside them, at the top of a two-line title", () => {
    const out = html({
      id: "latency",
      title: "Latency",
      description: "Lower is better.",
      actions: createElement("a", { href: "#x" }, "jump"),
      children: null,
    });
    expect(out).toMatch(
      /<div class="[^"]*items-start[^"]*"><div><h2 id="latency-heading"[^>]*>Latency<\/h2><p class="[^"]*">Lower is better\.<\/p><\/div><a href="#x">jump<\/a><\/div>/,
    );
  });

  it("centres the actions beside a one-line title", () => {
    const out = html({ id: "triage", title: "Triage", actions: createElement("a", { href: "#r" }, "review"), children: null });
    expect(out).toMatch(/<div class="[^"]*items-center[^"]*"><div><h2 id="triage-heading"/);
    expect(out).not.toContain("items-start");
  });

  it("names no missing heading: without a title there is no heading row and no aria-labelledby", () => {
    const out = html({ id: "bare", children: "text" });
    expect(out).not.toContain("aria-labelledby");
    expect(out).not.toContain("<h2");
    expect(out).toMatch(/^<section id="bare" class="[^"]*">text<\/section>$/);
  });

  it("adds the caller's classes to the panel's own", () => {
    expect(html({ title: "Scenarios", className: "scroll-mt-4", children: null })).toMatch(/class="min-w-0 rounded-lg [^"]* scroll-mt-4"/);
  });
});
