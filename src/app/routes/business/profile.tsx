// The profile page (the original specification listed it as Coming Soon; docs/product.md, "Where we
// depart from the original specification"; a user who is asked to "complete your bank account
// information in your profile" needs it to exist): logo and bank details.
import { ProfilePage } from "@/features/profile/components/profile-page.tsx";

export default function ProfileRoute() {
  return <ProfilePage />;
}
