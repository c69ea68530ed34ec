// / : the role's dashboard at once when a valid token exists, else the landing page.
import { Navigate } from "react-router-dom";
import { LandingPage } from "@/features/landing/components/landing-page.tsx";
import { useSession } from "@/lib/auth.tsx";
import { dashboardPathFor } from "@/lib/token.ts";

export default function LandingRoute() {
  const session = useSession();
  if (session) return <Navigate to={dashboardPathFor(session.userType)} replace />;
  return <LandingPage />;
}
