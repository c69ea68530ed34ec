import { SignupSelection } from "@/features/auth/components/signup-selection.tsx";

export default function SignupSelectionRoute() {
  return <SignupSelection />;
}
