// "Export CSV" on an order board: every order of the board (GET /admin/orders/export for the admin,
// GET /orders/export for a business or an influencer), downloaded with the caller's token.
import { useState } from "react";
import { Button, useToast } from "@/components/ui/index.ts";
import { serverMessage } from "@/lib/api-client.ts";
import { downloadFile } from "@/lib/download-file.ts";
import { t } from "@/features/orders/i18n.ts";

export function ExportOrdersButton({ path }: { path: "/admin/orders/export" | "/orders/export" }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function onExport() {
    setBusy(true);
    try {
      await downloadFile(path, `orders-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      const detail = serverMessage(error);
      toast.error(detail ? `${t("orders.export.failed")} ${detail}` : t("orders.export.failed"));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outline" size="sm" loading={busy} onClick={onExport}>
      {busy ? t("orders.export.busy") : t("orders.export.button")}
    </Button>
  );
}
