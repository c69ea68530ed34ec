// "Export CSV" on an order board: every order of the board (GET /admin/orders/export for the admin,
// GET /orders/export for a business or an influencer), downloaded with the caller's token, with
// the filters the board shows (the admin's search, status and dates) so the file matches it. The
// Couriers tab uses it for a courier's statement of the cash it holds (GET
// /admin/couriers/{id}/statement), with a label and file name of its own.
import { useState } from "react";
import { Button, useToast } from "@/components/ui/index.ts";
import { serverMessage } from "@/lib/api-client.ts";
import { downloadFile } from "@/lib/download-file.ts";
import { t } from "@/features/orders/i18n.ts";

export function ExportOrdersButton({
  path,
  filters = {},
  name = "orders",
  label = t("orders.export.button"),
}: {
  path: "/admin/orders/export" | "/orders/export" | `/admin/couriers/${string}/statement`;
  filters?: Readonly<Record<string, string | undefined>>;
  /** The file's name before its date: orders-2026-11-27.csv. */
  name?: string;
  label?: string;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function onExport() {
    setBusy(true);
    try {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
      const search = query.size > 0 ? `?${query}` : "";
      await downloadFile(`${path}${search}`, `${name}-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      const detail = serverMessage(error);
      toast.error(detail ? `${t("orders.export.failed")} ${detail}` : t("orders.export.failed"));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outline" size="sm" loading={busy} onClick={onExport}>
      {busy ? t("orders.export.busy") : label}
    </Button>
  );
}
