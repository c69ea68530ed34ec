// Download QR Code, as a link card and the storefront card offer it: the PNG generated and saved,
// the button busy meanwhile, a toast when the phone could not make it.
import { useState } from "react";
import { useToast } from "@/components/ui/index.ts";
import { t } from "@/features/influencer-dashboard/i18n.ts";
import { downloadQrCode } from "@/features/influencer-dashboard/utils/qr-code.ts";

export function useQrDownload() {
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);

  async function download(text: string, fileName: string) {
    setDownloading(true);
    try {
      await downloadQrCode(text, fileName);
    } catch {
      toast.error(t("influencer.links.qrFailed"));
    } finally {
      setDownloading(false);
    }
  }

  return { downloading, download };
}
