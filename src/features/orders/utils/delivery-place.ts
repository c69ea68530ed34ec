// Where an order goes, as the boards show it: the commune, district and province in the
// interface's script (Khmer names in Khmer, Latin ones in English).
import type { Order } from "@contract/orders.ts";
import type { Locale } from "@/lib/i18n/index.ts";

export function deliveryPlace(order: Pick<Order, "delivery_place">, locale: Locale): string {
  const { commune, district, province } = order.delivery_place;
  const name = (place: { name_en: string; name_km: string }) => (locale === "km" ? place.name_km : place.name_en);
  return [commune, district, province].map(name).join(locale === "km" ? " " : ", ");
}

/** The house and street with the landmark, when the order has them (admins and the order's shop only). */
export function deliveryAddress(order: Pick<Order, "address_line" | "landmark">): string | null {
  if (!order.address_line) return null;
  return order.landmark ? `${order.address_line} (${order.landmark})` : order.address_line;
}
