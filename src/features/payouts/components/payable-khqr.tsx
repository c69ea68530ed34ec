// The KHQR of a pending payout as the admin scans it with the bank app: the code the server made
// payable (dynamic, the amount in USD, an expiry) drawn as a QR image, with the amount beside it.
import { useEffect, useState } from "react";
import QRCode from "qrcode";
import { LoadingState } from "@/components/ui/index.ts";
import { formatMoney } from "@/lib/format.ts";
import { t } from "@/features/payouts/i18n.ts";

interface PayableKhqrProps {
  khqr: string;
  amountCents: number;
}

export function PayableKhqr({ khqr, amountCents }: PayableKhqrProps) {
  const [image, setImage] = useState<{ khqr: string; url: string } | null>(null);
  useEffect(() => {
    let current = true;
    // Error correction M and a quiet zone, as bank apps read printed KHQR stickers.
    QRCode.toDataURL(khqr, { width: 240, margin: 2, errorCorrectionLevel: "M" }).then(
      (url) => {
        if (current) setImage({ khqr, url });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [khqr]);

  const amount = formatMoney(amountCents);
  return (
    <figure className="payable-khqr">
      {image?.khqr === khqr ? (
        <img
          className="payable-khqr__image"
          src={image.url}
          width={240}
          height={240}
          alt={t("payouts.admin.khqrAlt", { amount })}
          data-khqr={khqr}
        />
      ) : (
        <LoadingState />
      )}
      <figcaption className="payable-khqr__caption">
        <strong>{t("payouts.admin.khqrTitle", { amount })}</strong>
        <span className="muted-note">{t("payouts.admin.khqrHint")}</span>
      </figcaption>
    </figure>
  );
}
