// A checkout as a customer sends it (POST /checkout/order): through an influencer's link to a
// product, from a unique phone, to a house in Phnom Penh's Tuol Kouk.
import { uniqueTypedPhone } from "./phones.ts";

export function checkoutBody(influencerId: string, productId: string) {
  return {
    influencer_id: influencerId,
    product_id: productId,
    customer_phone: uniqueTypedPhone(),
    delivery_district: "Tuol Kouk",
    delivery_commune: "Tuek L'ak Ti Muoy",
    recipient_name: "Sokha Chan",
    address_line: "House 12, Street 271",
    quantity: 1,
  };
}
