// Where a delivered order's cash stands, beside the courier that collected it: still with the
// courier, remitted, or short (what the courier's remittances left unpaid, in the danger tone).
import type { OrderCash } from "@contract/remittances.ts";
import { Badge, type BadgeTone } from "@/components/ui/index.ts";
import { formatMoney } from "@/lib/format.ts";
import { t } from "@/features/orders/i18n.ts";

const tones: Record<OrderCash["status"], BadgeTone> = { with_courier: "info", remitted: "success", short: "danger" };

export function CashStatusBadge({ cash }: { cash: OrderCash }) {
  return (
    <Badge tone={tones[cash.status]}>
      {cash.status === "short"
        ? t("orders.cash.short", { amount: formatMoney(cash.short_cents) })
        : t(`orders.cash.${cash.status}`)}
    </Badge>
  );
}
