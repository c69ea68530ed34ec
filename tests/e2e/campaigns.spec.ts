// Journey of the campaigns slice in real Chromium against the running stack: the approved demo
// business creates a campaign with an uploaded image on the campaign screen (the commission typed
// in percent, sent as a fraction), the demo influencer applies for a link, an admin in another
// browser context approves it, the influencer's card turns approved live (no reload), the
// influencer copies the link and downloads its QR code, which decodes to it, and the business
// changes the price and rate on the same screen, which the influencer's card shows live.
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import jsQR from "jsqr";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PNG } from "pngjs";
import { openWindow } from "../helpers/dates.ts";
import { budget, LIVE } from "./time-budget.ts";

const shots = join("test-results", "screenshots");
mkdirSync(shots, { recursive: true });
const phone = { width: 360, height: 780 };
const desktop = { width: 1280, height: 900 };
const business = { email: "business@example.com", password: "Demo1234!" };
const influencer = { email: "influencer@example.com", password: "Demo1234!" };
const admin = { email: "admin@example.com", password: process.env.SEED_ADMIN_PASSWORD ?? "Admin123!" };

/** Saves a screenshot; on a phone, first checks that nothing scrolls sideways. */
async function shot(page: Page, name: string, fullPage = true) {
  if (page.viewportSize()?.width === phone.width) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} fits 360 px`).toBeLessThanOrEqual(0);
  }
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage, animations: "disabled" });
}

async function newPage(browser: Browser, viewport: { width: number; height: number }, permissions: string[] = []) {
  const context: BrowserContext = await browser.newContext({ viewport });
  if (permissions.length)
    await context.grantPermissions(permissions, { origin: new URL(process.env.STACK_URL!).origin });
  return context.newPage();
}

async function signIn(page: Page, email: string, password: string, landing: RegExp) {
  await page.goto("/login");
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole("button", { name: /log ?in|sign ?in/i }).click();
  await expect(page).toHaveURL(landing);
}

/** A small real PNG (a colour gradient), made here so the upload checks real image bytes. */
function productPng(): Buffer {
  const png = new PNG({ width: 96, height: 72 });
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const i = (png.width * y + x) << 2;
      png.data[i] = 11 + x * 2;
      png.data[i + 1] = 93 + y;
      png.data[i + 2] = 82 + ((x + y) % 64);
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** The `sub` claim of the token the SPA stored. */
async function signedInUserId(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const payload = JSON.parse(Buffer.from(token!.split(".")[1], "base64url").toString("utf8")) as { sub: string };
  return payload.sub;
}

// Each journey's pages stay live (realtime refetches) until closed: close them, pass or fail, so
// they do not load the machine during the next journeys.
test.afterEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});

test("a campaign with an uploaded image, a link applied for, approved LIVE, copied and scanned", async ({
  browser,
}) => {
  test.setTimeout(budget(120_000));
  const origin = new URL(process.env.STACK_URL!).origin;
  // Unique per run (the stack's data persists, and an influencer applies once per campaign);
  // with spaces, so the QR file name shows them turned to hyphens.
  const productName = `E2E Silk Scarf ${Date.now().toString(36)}`;

  // --- the business creates the campaign on the create campaign page, uploading its image ---
  const shop = await newPage(browser, phone);
  await signIn(shop, business.email, business.password, /\/business\/dashboard$/);
  await shop.getByRole("link", { name: "Create Campaign" }).click();
  await expect(shop).toHaveURL(/\/business\/create-campaign$/);
  await shop.getByLabel("Product name").fill(productName);
  await shop.getByLabel("Description").fill("Hand-woven Khmer silk from Takeo, 180 x 60 cm.");
  await shop.getByLabel("Price (USD)").fill("24.50");
  await shop.getByLabel("Commission rate (%)").fill("15");

  const upload = shop.waitForResponse(
    (response) => response.url().endsWith("/functions/v1/api/upload/image") && response.request().method() === "POST",
  );
  await shop
    .getByLabel("Upload Images")
    .setInputFiles({ name: "scarf.png", mimeType: "image/png", buffer: productPng() });
  expect((await upload).status()).toBe(200);
  const imageUrl = shop.getByLabel("Image URL 1");
  await expect(imageUrl).toHaveValue(/\/storage\/v1\/object\/public\/campaign-images\/.+/);
  const preview = shop.getByRole("img", { name: "Image 1 preview" });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
  const uploadedUrl = await imageUrl.inputValue();
  await shot(shop, "create-campaign");

  const created = shop.waitForResponse(
    (response) => response.url().endsWith("/functions/v1/api/campaigns") && response.request().method() === "POST",
  );
  await shop.getByRole("button", { name: "Create Campaign" }).click();
  const createdResponse = await created;
  expect(createdResponse.status()).toBe(201);
  const createdBody = (await createdResponse.json()) as {
    message: string;
    campaign: { id: string; image_urls: string[] };
  };
  expect(createdBody.message).toBe("Campaign created successfully!");
  // The one payload: dollars and the percent as a fraction, as numbers, empty dates as null.
  expect(JSON.parse(createdResponse.request().postData()!)).toEqual({
    product_name: productName,
    description: "Hand-woven Khmer silk from Takeo, 180 x 60 cm.",
    price: 24.5,
    commission_rate: 0.15,
    image_urls: [uploadedUrl],
    start_date: null,
    end_date: null,
  });
  const campaignId = createdBody.campaign.id;
  expect(createdBody.campaign.image_urls).toEqual([uploadedUrl]);

  await expect(shop).toHaveURL(/\/business\/dashboard$/);
  await expect(shop.getByText("Campaign created successfully!")).toBeVisible();
  const campaignCard = shop.getByRole("listitem", { name: productName });
  await expect(campaignCard).toBeVisible();
  await expect(campaignCard.getByText("$24.50")).toBeVisible();
  await expect(campaignCard.getByText("15.0%")).toBeVisible();
  await expect(campaignCard.getByText("Active")).toBeVisible();
  const cardImage = campaignCard.getByRole("img", { name: productName });
  await expect.poll(() => cardImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
  await shot(shop, "business-dashboard-campaign");

  // Edit opens the same screen, filled in: the rate in percent, the uploaded image.
  await campaignCard.getByRole("link", { name: /^Edit/ }).click();
  await expect(shop).toHaveURL(new RegExp(`/business/campaigns/${campaignId}/edit$`));
  const editForm = shop.getByRole("form", { name: "Edit Campaign" });
  await expect(editForm.getByLabel("Product name")).toHaveValue(productName);
  await expect(editForm.getByLabel("Price (USD)")).toHaveValue("24.50");
  await expect(editForm.getByLabel("Commission rate (%)")).toHaveValue("15");
  await expect(editForm.getByLabel("Image URL 1")).toHaveValue(uploadedUrl);
  await expect(shop.getByRole("button", { name: "Deactivate Campaign" })).toBeVisible();
  await shot(shop, "business-edit-campaign");
  await shop.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(shop).toHaveURL(/\/business\/dashboard$/);

  // --- the influencer applies on the available campaigns page ---
  const creator = await newPage(browser, phone, ["clipboard-read", "clipboard-write"]);
  await signIn(creator, influencer.email, influencer.password, /\/influencer\/dashboard$/);
  const influencerId = await signedInUserId(creator);
  await creator.goto("/influencer/campaigns/available");
  await expect(creator.getByRole("heading", { name: "Available Campaigns" })).toBeVisible();
  const offer = creator.getByRole("listitem", { name: productName });
  await expect(offer).toBeVisible();
  await expect(offer.getByText("15.0%")).toBeVisible();
  await expect(offer.getByText("N/A")).toBeVisible();
  // Newest first: the campaign just created leads the grid.
  await expect(
    creator.getByRole("list", { name: "Available Campaigns" }).getByRole("listitem").first(),
  ).toHaveAttribute("aria-label", productName);
  await creator.getByRole("button", { name: "Highest Commission" }).click();
  await expect(creator.getByRole("button", { name: "Highest Commission" })).toHaveAttribute("aria-pressed", "true");
  await creator.getByRole("button", { name: "Newest" }).click();
  await shot(creator, "available-campaigns");

  await offer.getByRole("button", { name: /^Apply for Link/ }).click();
  await expect(creator).toHaveURL(/\/influencer\/dashboard$/);
  await expect(
    creator.getByText("Your link application has been submitted and is pending admin approval."),
  ).toBeVisible();
  const linkCard = creator.getByRole("listitem", { name: productName });
  await expect(linkCard.getByText("Link status: Pending approval")).toBeVisible();
  await expect(linkCard.getByRole("button", { name: "Copy" })).toHaveCount(0);
  await expect(linkCard.getByRole("button", { name: "Download QR Code" })).toHaveCount(0);
  await shot(creator, "influencer-dashboard-link-pending");

  // --- the admin approves in another browser context ---
  const adminPage = await newPage(browser, desktop);
  await signIn(adminPage, admin.email, admin.password, /\/admin\/dashboard$/);
  await expect(adminPage.getByRole("heading", { name: "Affiliate Link Applications" })).toBeVisible();
  const application = adminPage.getByRole("listitem", { name: `${productName}, applied for by ${influencer.email}` });
  await expect(application).toBeVisible();
  await expect(application.getByText(campaignId, { exact: true })).toBeVisible();
  await expect(application.getByText(influencerId, { exact: true })).toBeVisible();
  await shot(adminPage, "admin-link-applications");

  await application.getByRole("button", { name: "Approve" }).click();
  // The influencer never reloads: the realtime UPDATE turns the card approved.
  await expect(linkCard.getByText("Link status: Approved")).toBeVisible(LIVE);
  await expect(linkCard.getByText("Pending approval")).toHaveCount(0);

  await adminPage.getByRole("button", { name: /^Link applications: All/ }).click();
  await expect(application.getByText("✓ Approved")).toBeVisible();
  await shot(adminPage, "admin-link-applications-approved");

  // --- the influencer copies the link and downloads the QR code ---
  // The link to share is the short URL (it counts clicks); its QR code says it was scanned.
  const shareInput = linkCard.getByLabel("Link to share");
  await expect(shareInput).toHaveValue(new RegExp(`^${origin.replace(/[.:/]/g, "\\$&")}/r/[A-Za-z0-9]+$`));
  const expectedLink = await shareInput.inputValue();
  await expect(linkCard.getByText(/^[A-Z0-9]{2,20}$/)).toBeVisible(); // the keyword
  await linkCard.getByRole("button", { name: "Copy" }).click();
  await expect(linkCard.getByRole("button", { name: "Copied" })).toBeVisible();
  const copied = await creator.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(expectedLink);
  await shot(creator, "influencer-dashboard-link-approved");

  const downloading = creator.waitForEvent("download");
  await linkCard.getByRole("button", { name: "Download QR Code" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`QR-${productName.replace(/ /g, "-")}.png`);
  const png = PNG.sync.read(readFileSync((await download.path())!));
  expect(png.width).toBe(256);
  expect(png.height).toBe(256);
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded?.data).toBe(`${copied}?s=qr`);

  // --- the business changes the price and the rate on the campaign screen; the creator's card follows ---
  await expect(linkCard.getByText("$24.50")).toBeVisible();
  await expect(linkCard.getByText("15.0%")).toBeVisible();
  await campaignCard.getByRole("link", { name: /^Edit/ }).click();
  await editForm.getByLabel("Price (USD)").fill("27");
  await editForm.getByLabel("Commission rate (%)").fill("0.2");
  await editForm.getByRole("button", { name: "Save Changes" }).click();
  await expect(editForm.getByText("Write the commission rate in percent: 20 for 20%.")).toBeVisible();
  await expect(editForm.getByLabel("Commission rate (%)")).toBeFocused();
  await editForm.getByLabel("Commission rate (%)").fill("20");
  const saved = shop.waitForResponse(
    (response) =>
      response.url().endsWith(`/functions/v1/api/campaigns/${campaignId}`) && response.request().method() === "PUT",
  );
  await editForm.getByRole("button", { name: "Save Changes" }).click();
  const savedResponse = await saved;
  expect(savedResponse.status()).toBe(200);
  // The same payload as creating, every field sent.
  expect(JSON.parse(savedResponse.request().postData()!)).toEqual({
    product_name: productName,
    description: "Hand-woven Khmer silk from Takeo, 180 x 60 cm.",
    price: 27,
    commission_rate: 0.2,
    image_urls: [uploadedUrl],
    start_date: null,
    end_date: null,
  });
  expect(((await savedResponse.json()) as { campaign: unknown }).campaign).toMatchObject({
    price: 27,
    price_cents: 2700,
    commission_rate: 0.2,
  });
  await expect(shop).toHaveURL(/\/business\/dashboard$/);
  await expect(shop.getByText("Campaign updated successfully!")).toBeVisible();
  await expect(campaignCard.getByText("$27.00")).toBeVisible();
  await expect(campaignCard.getByText("20.0%")).toBeVisible();
  // The creator never reloads: the campaign's realtime UPDATE refreshes the link card.
  await expect(linkCard.getByText("$27.00")).toBeVisible({ timeout: 2_000 });
  await expect(linkCard.getByText("20.0%")).toBeVisible();
  await expect(linkCard.getByText("$24.50")).toHaveCount(0);
  await shot(creator, "influencer-dashboard-link-new-price");
});

test("Campaign Management opens the campaign screen, the 'No Image' fallback, and a deactivation shown on both dashboards", async ({
  browser,
  request,
}) => {
  test.setTimeout(budget(120_000));
  const productName = `E2E Coffee Beans ${Date.now().toString(36)}`;

  // --- the business creates a campaign from Campaign Management, on the one campaign screen ---
  const shop = await newPage(browser, phone);
  await signIn(shop, business.email, business.password, /\/business\/dashboard$/);
  await shop.getByRole("link", { name: "Manage Campaigns" }).click();
  await expect(shop).toHaveURL(/\/business\/campaigns$/);
  await shop.getByRole("link", { name: "Create Campaign" }).click();
  await expect(shop).toHaveURL(/\/business\/create-campaign$/);
  const form = shop.getByRole("form", { name: "Create Campaign" });
  await form.getByLabel("Product name").fill(productName);
  await form.getByLabel("Price (USD)").fill("12");
  await form.getByLabel("Commission rate (%)").fill("0.2");
  // Open today: the creator applies for a link below, which a campaign takes only between its dates.
  const { start_date, end_date } = openWindow();
  await form.getByLabel("Start date").fill(start_date);
  await form.getByLabel("End date").fill(end_date);
  await form.getByLabel("Description").fill("Mondulkiri arabica, 1 kg.");
  // An Imgur page link: shown as the direct image, which cannot load here, so 'No Image'.
  await form.getByLabel("Image URL 1").fill("https://imgur.com/AbC123x");
  await form.getByRole("button", { name: "Create Campaign" }).click();
  await expect(form.getByText("Write the commission rate in percent: 20 for 20%.")).toBeVisible();
  await expect(form.getByLabel("Commission rate (%)")).toBeFocused();
  await form.getByLabel("Commission rate (%)").fill("20");
  const created = shop.waitForResponse(
    (response) => response.url().endsWith("/functions/v1/api/campaigns") && response.request().method() === "POST",
  );
  await form.getByRole("button", { name: "Create Campaign" }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  expect(JSON.parse(response.request().postData()!)).toEqual({
    product_name: productName,
    description: "Mondulkiri arabica, 1 kg.",
    price: 12,
    commission_rate: 0.2,
    image_urls: ["https://imgur.com/AbC123x"],
    start_date,
    end_date,
  });
  const campaignId = ((await response.json()) as { campaign: { id: string } }).campaign.id;
  // Back where it was opened from, with the new campaign listed.
  await expect(shop).toHaveURL(/\/business\/campaigns$/);
  const row = shop.getByRole("list", { name: "Your Campaigns" }).getByRole("listitem", { name: productName });
  await expect(row.getByText("20.00%")).toBeVisible();
  await expect(row.getByText("$12.00")).toBeVisible();
  await expect(row.getByRole("img", { name: `${productName}: No Image` })).toBeVisible();
  await shot(shop, "business-campaign-management");

  // Its Edit opens the same screen and comes back here.
  await row.getByRole("link", { name: /^Edit/ }).click();
  await expect(shop).toHaveURL(new RegExp(`/business/campaigns/${campaignId}/edit$`));
  await expect(shop.getByRole("form", { name: "Edit Campaign" }).getByLabel("Commission rate (%)")).toHaveValue("20");
  await shop.getByRole("link", { name: "Back to Campaign Management" }).click();
  await expect(shop).toHaveURL(/\/business\/campaigns$/);

  // --- the influencer applies, an admin approves through the API ---
  const creator = await newPage(browser, phone);
  await signIn(creator, influencer.email, influencer.password, /\/influencer\/dashboard$/);
  await creator.goto("/influencer/campaigns/available");
  await creator
    .getByRole("listitem", { name: productName })
    .getByRole("button", { name: /^Apply for Link/ })
    .click();
  await expect(creator).toHaveURL(/\/influencer\/dashboard$/);
  const linkCard = creator.getByRole("listitem", { name: productName });
  await expect(linkCard.getByText("Link status: Pending approval")).toBeVisible();

  const api = `${process.env.STACK_URL}/functions/v1/api`;
  const login = await request.post(`${api}/auth/login`, { data: admin });
  const { token } = (await login.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };
  const all = (await (await request.get(`${api}/admin/affiliate-links/all`, { headers: auth })).json()) as {
    applications: { id: string; campaign_id: string }[];
  };
  const application = all.applications.find((item) => item.campaign_id === campaignId)!;
  expect(
    (await request.put(`${api}/admin/affiliate-links/${application.id}/approve`, { headers: auth })).status(),
  ).toBe(200);
  await expect(linkCard.getByText("Link status: Approved")).toBeVisible(LIVE);
  await expect(linkCard.getByRole("button", { name: "Copy" })).toBeVisible();

  // --- the business deactivates it on the campaign screen after confirming; it stays listed, dimmed ---
  await shop.goto("/business/dashboard");
  const card = shop.getByRole("listitem", { name: productName });
  await expect(card.getByRole("img", { name: `${productName}: No Image` })).toBeVisible();
  await card.getByRole("link", { name: /^Edit/ }).click();
  await expect(shop).toHaveURL(new RegExp(`/business/campaigns/${campaignId}/edit$`));
  await shop.getByRole("button", { name: "Deactivate Campaign" }).click();
  const confirm = shop.getByRole("alertdialog");
  await expect(confirm.getByText(`Deactivate ${productName}?`)).toBeVisible();
  await expect(confirm.getByRole("button", { name: "Yes, Deactivate" })).toBeFocused();
  await shot(shop, "business-deactivate-confirm", false);
  await confirm.getByRole("button", { name: "Yes, Deactivate" }).click();
  await expect(shop).toHaveURL(/\/business\/dashboard$/);
  await expect(shop.getByText(`${productName} was deactivated.`)).toBeVisible();
  await expect(card.getByText("This campaign is no longer accepting new orders")).toBeVisible();
  await expect(card.getByText("Status: Inactive")).toBeVisible();
  await expect(card).toHaveClass(/campaign-card--inactive/);
  await card.getByRole("link", { name: /^Edit/ }).click();
  await expect(shop.getByRole("form", { name: "Edit Campaign" })).toBeVisible();
  await expect(shop.getByRole("button", { name: "Deactivate Campaign" })).toHaveCount(0);
  await expect(shop.getByText("This campaign is no longer accepting new orders")).toBeVisible();
  await shop.getByRole("link", { name: "Back to Dashboard" }).click();
  await shot(shop, "business-dashboard-inactive-campaign");

  // The influencer's card shows the link inactive, without the link, Copy or QR (LIVE).
  await expect(linkCard.getByText("Link status: Inactive")).toBeVisible();
  await expect(linkCard.getByRole("button", { name: "Copy" })).toHaveCount(0);
  await expect(linkCard.getByRole("button", { name: "Download QR Code" })).toHaveCount(0);
  await shot(creator, "influencer-dashboard-link-inactive");

  // Reactivation is refused by the API (one-way).
  const shopToken = await shop.evaluate(() => localStorage.getItem("token"));
  const reactivate = await request.put(`${api}/campaigns/${campaignId}`, {
    headers: { Authorization: `Bearer ${shopToken}` },
    data: { status: "active" },
  });
  expect(reactivate.status()).toBe(409);
});
