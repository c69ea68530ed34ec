// English texts of the profile slice (SPEC §2 business "Business Profile" card, influencer "Bank
// Account Information" card and the /business/profile and /influencer/profile pages; §5 the
// Update Profile button; §8 the profile failure messages). Kept apart from ./en.ts so slices can
// be worked on side by side; ./en-all.ts merges them. Ids must not repeat an id of ./en.ts or
// another slice.
export const enProfile = {
  // the card (business: logo and bank details; influencer: bank details)
  "profile.card.business": "Business Profile",
  "profile.card.influencer": "Bank Account Information",
  "profile.logoUrl": "Business logo URL",
  "profile.logoUrlPlaceholder": "https://example.com/logo.png",
  "profile.logoUrlHint": "A direct link to an image. Links to social media posts cannot be shown.",
  "profile.logoPreview": "Business logo preview",
  "profile.bankLegend": "Bank account for payouts",
  "profile.bankName": "Bank name",
  "profile.bankNamePlaceholder": "ABA Bank",
  "profile.accountName": "Account name",
  "profile.accountNameHint": "The name on the bank account.",
  "profile.accountNumber": "Account number",
  "profile.accountNumberHint": "Digits only.",
  "profile.bankHint": "Payouts are sent by ABA bank transfer to this account.",
  "profile.submit": "Update Profile",
  "profile.submitting": "Saving…",
  "profile.saved": "Profile updated.",
  "profile.failed.business": "Failed to update business profile. Please try again.",
  "profile.failed.influencer": "Failed to update profile. Please try again.",

  // the page
  "profile.page.business": "Business Profile",
  "profile.page.influencer": "My Profile",
  "profile.page.subtitle.business": "Your logo and the bank account your earnings are paid to.",
  "profile.page.subtitle.influencer": "The bank account your commissions are paid to.",
  "profile.account.title": "Account",
  "profile.account.email": "Email",
  "profile.account.type": "Account type",
  "profile.account.status": "Status",
} satisfies Record<string, string>;
