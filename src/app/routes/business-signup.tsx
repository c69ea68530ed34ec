import { BusinessSignupForm } from "@/features/auth/components/business-signup-form.tsx";

export default function BusinessSignupRoute() {
  return <BusinessSignupForm />;
}
