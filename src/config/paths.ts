// Every route of the SPA (docs/product.md, "Screens"), in one place.
export const paths = {
  home: "/",
  login: "/login",
  forgotPassword: "/forgot-password",
  /** Where a password reset link leads (?token=…). */
  resetPassword: "/reset-password",
  signupSelection: "/signup-selection",
  businessSignup: "/business-signup",
  influencerSignup: "/influencer-signup",
  privacyPolicy: "/privacy-policy",
  termsOfService: "/terms-of-service",
  dashboard: "/dashboard",
  adminDashboard: "/admin/dashboard",
  businessDashboard: "/business/dashboard",
  businessCampaigns: "/business/campaigns",
  businessCreateCampaign: "/business/create-campaign",
  /** The campaign screen for an existing campaign (editCampaignPath gives one campaign's). */
  businessEditCampaign: "/business/campaigns/:id/edit",
  businessProfile: "/business/profile",
  /** The shop's packing slips (?orders=<id>,<id>&size=a6|a4; packingSlipsPath gives one). */
  businessPackingSlips: "/business/packing-slips",
  influencerDashboard: "/influencer/dashboard",
  influencerAvailableCampaigns: "/influencer/campaigns/available",
  influencerProfile: "/influencer/profile",
  /** Where Instagram sends the influencer back after they allow access (the redirect_uri). */
  influencerInstagramCallback: "/influencer/instagram/callback",
  /** Where Facebook Login sends the influencer back (the redirect_uri), to connect a Page. */
  influencerFacebookCallback: "/influencer/facebook/callback",
} as const;

/** The campaign screen editing one campaign. */
export const editCampaignPath = (id: string) => `/business/campaigns/${encodeURIComponent(id)}/edit`;

/** The packing slips of the given orders, on A6 labels unless said. */
export const packingSlipsPath = (orderIds: readonly string[], size: "a6" | "a4" = "a6") =>
  `/business/packing-slips?${new URLSearchParams({ orders: orderIds.join(","), size })}`;

/** Landing page sections, in page order; their ids are the URL hashes. */
export const landingSections = ["features", "how-it-works", "pricing", "testimonials", "about-us", "contact"] as const;
export type LandingSection = (typeof landingSections)[number];
