import { InfluencerSignupForm } from "@/features/auth/components/influencer-signup-form.tsx";

export default function InfluencerSignupRoute() {
  return <InfluencerSignupForm />;
}
