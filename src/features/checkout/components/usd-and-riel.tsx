// An amount in dollars with riel beside it: customers in Cambodia pay either, and many count in
// riel. Dollars are the amount; riel is a convenience at the admin's exchange rate.
import { formatMoney, formatRiel } from "@/lib/format.ts";

export function UsdAndRiel({ cents, rielPerUsd }: { cents: number; rielPerUsd: number }) {
  return (
    <>
      {formatMoney(cents)} <span className="checkout-riel">≈ {formatRiel(cents, rielPerUsd)}</span>
    </>
  );
}
