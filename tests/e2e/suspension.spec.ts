// Suspension in real Chromium against the running stack: an admin suspends an influencer whose
// dashboard is open on a phone, in Khmer; the phone is signed out at once, without a reload, and its
// sign-in page gives the admin's reason. The admin then finds the account under Suspended and
// reinstates it. The dialog, the sign-in page and the filter are shot in both languages.
import { expect, test, type Browser } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { admin, influencer, type Account } from "../helpers/accounts.ts";

const shots = join("test-results", "screenshots");
mkdirSync(shots, { recursive: true });
const phone = { width: 360, height: 780 };
const laptop = { width: 1280, height: 800 };
const REASON = "Orders placed from your own phone";

test.afterEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});

/** A phone whose app holds the account's session, as a sign-in leaves it. */
async function phoneOf(browser: Browser, account: Account, lang: string) {
  const page = await (await browser.newContext({ viewport: phone })).newPage();
  await page.goto(`/?lang=${lang}`);
  await page.evaluate(
    ([access, refresh]) => {
      localStorage.setItem("refresh_token", refresh);
      localStorage.setItem("token", access);
    },
    [account.token, account.refresh_token!],
  );
  return page;
}

async function adminOnLaptop(browser: Browser, lang: string) {
  const page = await (await browser.newContext({ viewport: laptop })).newPage();
  await page.goto(`/login?lang=${lang}`);
  await page.evaluate(([access]) => localStorage.setItem("token", access), [(await admin()).token]);
  await page.goto("/admin/dashboard");
  return page;
}

test("an influencer whose dashboard is open is signed out the moment an admin suspends them, and told why", async ({
  browser,
}) => {
  const creator = await influencer();
  const onPhone = await phoneOf(browser, creator, "km");
  await onPhone.goto("/influencer/dashboard");
  await expect(onPhone.locator(".live-indicator--live").first()).toBeVisible();
  await onPhone.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  const onLaptop = await adminOnLaptop(browser, "en");
  const approvals = onLaptop.getByRole("region", { name: "User Approvals" });
  await approvals.getByRole("button", { name: /Approved/ }).click();
  const card = approvals.getByRole("listitem", { name: creator.user.email });
  await card.getByRole("button", { name: "Suspend", exact: true }).click();
  const dialog = onLaptop.getByRole("dialog");
  await expect(dialog).toContainText("signed out everywhere");
  await dialog.getByRole("button", { name: "Suspend", exact: true }).click();
  await expect(dialog.getByText("Please give a reason for the suspension.")).toBeVisible();
  await dialog.getByLabel(/Reason/).fill(REASON);
  await onLaptop.screenshot({ path: join(shots, "en-admin-suspend-dialog.png"), animations: "disabled" });
  await dialog.getByRole("button", { name: "Suspend", exact: true }).click();
  await expect(dialog).toBeHidden();

  // The phone hears of it on its live channel, asks again, and is refused: signed out, with the reason.
  await expect(onPhone).toHaveURL(/\/login$/);
  await expect(onPhone.getByRole("alert")).toContainText(`គណនីរបស់អ្នកត្រូវបានផ្អាក៖ ${REASON}`);
  expect(await onPhone.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(await onPhone.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("refresh_token")])).toEqual([
    null,
    null,
  ]);
  await onPhone.screenshot({ path: join(shots, "km-login-suspended.png"), fullPage: true, animations: "disabled" });

  // Signing in again says the same.
  await onPhone.getByLabel(/អ៊ីមែល/).fill(creator.user.email);
  await onPhone.getByLabel(/ពាក្យសម្ងាត់/).fill("longenough1");
  await onPhone.getByRole("button", { name: "ចូលគណនី" }).click();
  await expect(onPhone.getByRole("alert")).toContainText(`គណនីរបស់អ្នកត្រូវបានផ្អាក៖ ${REASON}`);
  await expect(onPhone).toHaveURL(/\/login$/);

  // The admin finds the account under Suspended, with the reason, and reinstates it.
  await approvals.getByRole("button", { name: /Suspended/ }).click();
  const suspended = approvals.getByRole("listitem", { name: creator.user.email });
  await expect(suspended).toContainText(REASON);
  await onLaptop.screenshot({ path: join(shots, "en-admin-suspended-filter.png"), animations: "disabled" });
  await suspended.getByRole("button", { name: "Reinstate" }).click();
  await expect(onLaptop.getByText(`${creator.user.email} reinstated.`)).toBeVisible();
  await expect(approvals.getByRole("listitem", { name: creator.user.email })).toBeHidden();

  await onPhone.getByRole("button", { name: "ចូលគណនី" }).click();
  await expect(onPhone).toHaveURL(/\/influencer\/dashboard$/);
});

test("the suspension dialog and the Suspended filter in Khmer", async ({ browser }) => {
  const creator = await influencer();
  const onLaptop = await adminOnLaptop(browser, "km");
  const approvals = onLaptop.locator("#user-approvals-title").locator("xpath=ancestor::section[1]");
  await approvals.getByRole("button", { name: /បានអនុម័ត/ }).click();
  const card = approvals.getByRole("listitem", { name: creator.user.email });
  await card.getByRole("button", { name: "ផ្អាក", exact: true }).click();
  const dialog = onLaptop.getByRole("dialog");
  await dialog.getByLabel(/មូលហេតុ/).fill("បញ្ជាទិញពីទូរស័ព្ទផ្ទាល់ខ្លួន");
  await onLaptop.screenshot({ path: join(shots, "km-admin-suspend-dialog.png"), animations: "disabled" });
  await dialog.getByRole("button", { name: "ផ្អាក", exact: true }).click();
  await expect(dialog).toBeHidden();
  await approvals.getByRole("button", { name: /បានផ្អាក/ }).click();
  await expect(approvals.getByRole("listitem", { name: creator.user.email })).toContainText("បញ្ជាទិញពីទូរស័ព្ទផ្ទាល់ខ្លួន");
  await onLaptop.screenshot({ path: join(shots, "km-admin-suspended-filter.png"), animations: "disabled" });
});
