// The audit log in real Chromium: the admin changes the riel rate in the Settings tab, then opens
// the Audit Log tab and reads the entry of that change (who, what, before → after) at the top;
// filtering by another action hides it. The rate is put back afterwards.
import { expect, test, type Page } from "@playwright/test";
import { admin } from "../helpers/accounts.ts";
import { api } from "../helpers/api.ts";
import { seedAdmin } from "../helpers/stack.ts";

let originalRate: number;

test.beforeAll(async () => {
  originalRate = (await api("GET", "/admin/settings", { token: (await admin()).token })).body.settings.riel_per_usd;
});
test.afterAll(async () => {
  await api("PUT", "/admin/settings", { token: (await admin()).token, body: { riel_per_usd: originalRate } });
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login?lang=en");
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole("button", { name: /log ?in|sign ?in/i }).click();
  await expect(page).toHaveURL(/dashboard$/);
}

test("the admin reads the audit entry of the change they just made", async ({ page }) => {
  const newRate = originalRate === 4123 ? 4124 : 4123;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, seedAdmin.email, seedAdmin.password);

  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByLabel("Riel per US dollar").fill(String(newRate));
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();

  await page.getByRole("tab", { name: "Audit Log" }).click();
  const newest = page.locator(".audit-log__table tbody tr").first();
  await expect(newest).toContainText("Settings changed");
  await expect(newest).toContainText(seedAdmin.email);
  await expect(newest).toContainText(`Riel per US dollar: ${originalRate} → ${newRate}`);

  await page.getByLabel("Action").selectOption({ label: "Payout completed" });
  await page.getByLabel("Admin (email or id)").fill("nobody@example.com");
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page.getByText("No admin actions match these filters.")).toBeVisible();
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page.locator(".audit-log__table tbody tr").first()).toContainText(`${originalRate} → ${newRate}`);
});
