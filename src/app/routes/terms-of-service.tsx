import { TermsOfService } from "@/features/legal/components/terms-of-service.tsx";

export default function TermsOfServiceRoute() {
  return <TermsOfService />;
}
