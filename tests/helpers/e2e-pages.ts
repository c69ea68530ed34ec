// What the Playwright journeys share: where screenshots go, a 360 px phone, signing in through the
// login page, closing toasts before a screenshot, and the check that a page fits the phone's width.
import { expect, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

export const shots = join("test-results", "screenshots");
mkdirSync(shots, { recursive: true });

/** A cheap Android phone's screen. */
export const phone: BrowserContextOptions = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true };

/** A new browser context signed in through the login page, in the given language. */
export async function signedIn(
  browser: Browser,
  email: string,
  password: string,
  lang: "en" | "km",
  options: BrowserContextOptions = phone,
): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await page.goto(`/login?lang=${lang}`);
  await page.locator("input[type=email]").fill(email);
  await page.locator("input[type=password]").fill(password);
  await page.locator("form button[type=submit]").click();
  return page;
}

/** Closes the toasts, so a screenshot shows what is beneath them. */
export async function dismissToasts(page: Page) {
  // Each toast's close button, whatever the page's language.
  const buttons = page.locator(".toast button");
  while ((await buttons.count()) > 0) await buttons.first().click();
}

export async function expectNoHorizontalScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} fits the screen's width`).toBeLessThanOrEqual(0);
}
