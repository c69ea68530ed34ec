import { LegalPage } from "./legal-page.tsx";

const sections = [
  "eligibility",
  "accounts",
  "business",
  "influencer",
  "links",
  "dm",
  "orders",
  "payouts",
  "prohibited",
  "termination",
  "liability",
  "law",
  "changes",
  "contact",
] as const;

export function TermsOfService() {
  return <LegalPage doc="terms" sections={sections} />;
}
