import { describe, expect, it } from "vitest";
import { mdInline } from "@/lib/core/markdown";

describe("mdInline, the one Markdown escape", () => {
  it("makes table pipes, HTML and links inert and folds lines", () => {
    expect(mdInline("a|b")).toBe("a\\|b");
    expect(mdInline('<img src=x onerror="alert(1)">')).toBe('\\<img src=x onerror="alert(1)"\\>');
    expect(mdInline("[x](javascript:alert(1))")).toBe("\\[x\\](javascript:alert(1))");
    expect(mdInline("line\n\nbreak")).toBe("line break");
    expect(mdInline("abcdef", 4)).toBe("abc…");
  });
});
