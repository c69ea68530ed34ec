import { LegalPage } from "./legal-page.tsx";

const sections = [
  "eligibility",
  "collect",
  "dm",
  "links",
  "use",
  "share",
  "retention",
  "security",
  "rights",
  "changes",
  "contact",
] as const;

export function PrivacyPolicy() {
  return <LegalPage doc="privacy" sections={sections} />;
}
