// The refusal rate of the orders a board shows (docs/product.md): nothing until one has finished.
import type { Order } from "@contract/orders.ts";
import { formatPercent } from "@/lib/format.ts";
import { t } from "@/features/orders/i18n.ts";
import { refusalRateOf } from "@/features/orders/utils/refusal-rate.ts";

export function RefusalRateNote({
  orders,
}: {
  orders: readonly Pick<Order, "order_status" | "cancellation_reason">[];
}) {
  const rate = refusalRateOf(orders);
  if (rate === null) return null;
  return (
    <p className="muted-note order-refusal">
      {t("orders.refusalRate", { rate: formatPercent(rate) })}{" "}
      <span className="order-refusal__detail">{t("orders.refusalRateDetail")}</span>
    </p>
  );
}
