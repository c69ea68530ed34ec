// The refusal rate of the caller's orders (docs/product.md), as GET /orders/stats/summary computes
// it over all of them, not only the rows a board has loaded: nothing until one has finished.
import { formatPercent } from "@/lib/format.ts";
import { t } from "@/features/orders/i18n.ts";

export function RefusalRateNote({ rate }: { rate: number | null | undefined }) {
  if (rate === null || rate === undefined) return null;
  return (
    <p className="muted-note order-refusal">
      {t("orders.refusalRate", { rate: formatPercent(rate) })}{" "}
      <span className="order-refusal__detail">{t("orders.refusalRateDetail")}</span>
    </p>
  );
}
