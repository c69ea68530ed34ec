import { Badge } from "@/components/ui/index.ts";
import { t } from "@/features/orders/i18n.ts";
import { displayStatus, statusLabel, statusTone } from "@/features/orders/utils/order-status.ts";

/** The order's status (the labels of docs/product.md, "Orders"; an unknown status shows as New Order). */
export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={statusTone[displayStatus(status)]} className="order-status">
      <span className="visually-hidden">{t("orders.statusLabel")}: </span>
      {statusLabel(status)}
    </Badge>
  );
}
