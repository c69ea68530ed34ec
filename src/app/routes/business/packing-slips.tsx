// The shop's packing slips (issue 29): the orders and the paper size come from the address
// (?orders=<id>,<id>&size=a6|a4), so a slip page can be reopened or shared with whoever packs.
import { useSearchParams } from "react-router-dom";
import { PackingSlips, type SlipSize } from "@/features/orders/components/packing-slips.tsx";

export default function PackingSlipsRoute() {
  const [params] = useSearchParams();
  const orderIds = (params.get("orders") ?? "").split(",").filter(Boolean);
  const size: SlipSize = params.get("size") === "a4" ? "a4" : "a6";
  return <PackingSlips orderIds={orderIds} size={size} />;
}
