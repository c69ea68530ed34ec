// /checkout?influencer_id&product_id (public): the customer checkout of SPEC §2. A link missing
// (or with a malformed) parameter shows 'Invalid Checkout Link'.
import { useSearchParams } from "react-router-dom";
import { CheckoutPage } from "@/features/checkout/components/checkout-page.tsx";

export default function CheckoutRoute() {
  const [params] = useSearchParams();
  return <CheckoutPage influencerId={params.get("influencer_id")} productId={params.get("product_id")} />;
}
