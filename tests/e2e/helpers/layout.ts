/**
 * Layout checks of issue 56, at the two sizes every page is looked at: a desktop (1440×900) and a
 * phone (390×844). A page never scrolls sideways (a wide table scrolls inside its own box).
 */
import { expect, type Locator, type Page } from "@playwright/test";

export const VIEWPORTS = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

/** The page itself does not scroll sideways. */
export async function expectNoPageScroll(page: Page, what: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${what}: no horizontal scroll of the page (${scrollWidth} > ${innerWidth})`).toBeLessThanOrEqual(innerWidth);
}

/** The element is drawn with a width, inside the viewport's width. */
export async function expectInView(el: Locator, what: string, viewportWidth: number): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await el.boundingBox();
  if (!box) throw new Error(`${what}: not drawn`);
  expect(box.width, `${what}: has a width`).toBeGreaterThan(0);
  expect(box.x, `${what}: starts inside the viewport`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: ends inside the viewport`).toBeLessThanOrEqual(viewportWidth + 0.5);
  return box;
}

/** Its text is not cut: what it needs fits in what it has (sideways, and down for text clamped to lines). */
export async function expectTextWhole(el: Locator, what: string): Promise<void> {
  const size = await el.evaluate((e) => ({
    scrollWidth: e.scrollWidth,
    clientWidth: e.clientWidth,
    scrollHeight: e.scrollHeight,
    clientHeight: e.clientHeight,
  }));
  expect(size.scrollWidth, `${what}: its text is not cut (${size.scrollWidth} > ${size.clientWidth})`).toBeLessThanOrEqual(size.clientWidth + 1);
  // An inline element's client height is 0: only a box's height says whether lines were cut.
  if (size.clientHeight > 0) expect(size.scrollHeight, `${what}: no line is cut`).toBeLessThanOrEqual(size.clientHeight + 1);
}
