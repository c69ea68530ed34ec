// The shop's packing slips (issue 29, item 3): one label per parcel with the order number, who
// receives it and where (the place in the page's script), the landmark and note, the cash to
// collect, the shop and its phone, and a QR code of the customer's order page. Printed on A6 (one
// label a page) or A4 (four a page), in the page's language; the toolbar is not printed.
import { useEffect, useState } from "react";
import QRCode from "qrcode";
import type { PackingSlip, PackingSlipsResponse } from "@contract/packing-slips.ts";
import { formatCambodianPhone } from "@contract/phone.ts";
import { Alert, Button, LoadingState, RetryAlert } from "@/components/ui/index.ts";
import { ButtonLink } from "@/components/ui/button-link.tsx";
import { formatMoney } from "@/lib/format.ts";
import { useLocale } from "@/lib/i18n/index.ts";
import { paths } from "@/config/paths.ts";
import { t } from "@/features/orders/i18n.ts";
import { usePackingSlips } from "@/features/orders/api/packing-slips.ts";
import { deliveryPlace } from "@/features/orders/utils/delivery-place.ts";
import "./packing-slips.css";

export type SlipSize = "a6" | "a4";

/** The printed page for each size: A6 is a parcel label; A4 takes four of them, two by two. */
const PAGE_RULES: Record<SlipSize, string> = {
  a6: "@page { size: A6; margin: 5mm; }",
  a4: "@page { size: A4; margin: 10mm; }",
};

export function PackingSlips({ orderIds, size }: { orderIds: readonly string[]; size: SlipSize }) {
  const slips = usePackingSlips(orderIds);
  const [chosen, setChosen] = useState<SlipSize>(size);
  return (
    <div className={`packing-slips packing-slips--${chosen}`}>
      <style>{`@media print { ${PAGE_RULES[chosen]} }`}</style>
      <div className="packing-slips__toolbar">
        <h1 className="packing-slips__title">{t("slips.title")}</h1>
        <div className="button-row" role="group" aria-label={t("slips.size")}>
          {(["a6", "a4"] as const).map((option) => (
            <Button
              key={option}
              variant={option === chosen ? "primary" : "outline"}
              size="sm"
              aria-pressed={option === chosen}
              onClick={() => setChosen(option)}
            >
              {t(`slips.size.${option}`)}
            </Button>
          ))}
          <Button size="sm" disabled={!slips.data} onClick={() => window.print()}>
            {t("slips.print")}
          </Button>
          <ButtonLink variant="ghost" size="sm" to={paths.businessDashboard}>
            {t("slips.back")}
          </ButtonLink>
        </div>
      </div>
      {slips.isLoading ? (
        <LoadingState label={t("slips.title")} />
      ) : slips.data ? (
        <SlipSheet answer={slips.data} />
      ) : slips.canRetry ? (
        <RetryAlert onRetry={slips.refetch} retrying={slips.isFetching}>
          {slips.error}
        </RetryAlert>
      ) : (
        <Alert tone="danger">{slips.error}</Alert>
      )}
    </div>
  );
}

function SlipSheet({ answer }: { answer: PackingSlipsResponse }) {
  return (
    <ol className="packing-slips__sheet">
      {answer.slips.map((slip) => (
        <Slip key={slip.order_number} slip={slip} shop={answer.shop} />
      ))}
    </ol>
  );
}

function Slip({ slip, shop }: { slip: PackingSlip; shop: PackingSlipsResponse["shop"] }) {
  const locale = useLocale();
  const qr = useQrImage(slip.tracking_url);
  const place = deliveryPlace(slip, locale);
  return (
    <li className="packing-slip" aria-label={slip.order_number}>
      <div className="packing-slip__head">
        <strong className="packing-slip__number">{slip.order_number}</strong>
        <span className="packing-slip__shop">
          {shop.business_name}
          {shop.store_phone && <> · {formatCambodianPhone(shop.store_phone)}</>}
        </span>
      </div>
      <dl className="packing-slip__details">
        <dt>{t("slips.recipient")}</dt>
        <dd className="packing-slip__recipient">{slip.recipient_name ?? "—"}</dd>
        <dt>{t("slips.address")}</dt>
        <dd>
          {slip.address_line && <span className="packing-slip__line">{slip.address_line}</span>}
          <span className="packing-slip__line">{place}</span>
        </dd>
        {slip.landmark && (
          <>
            <dt>{t("slips.landmark")}</dt>
            <dd>{slip.landmark}</dd>
          </>
        )}
        {slip.delivery_note && (
          <>
            <dt>{t("slips.note")}</dt>
            <dd>{slip.delivery_note}</dd>
          </>
        )}
        <dt>{t("slips.product")}</dt>
        <dd>
          {slip.product_name} × {slip.quantity}
        </dd>
      </dl>
      <div className="packing-slip__foot">
        <p className="packing-slip__collect">
          <span>{t("slips.collect")}</span>
          <strong>{formatMoney(slip.amount_to_collect_cents)}</strong>
        </p>
        <figure className="packing-slip__qr">
          {qr && <img src={qr} width={96} height={96} alt={t("slips.qrAlt", { number: slip.order_number })} />}
          <figcaption>{t("slips.qrCaption")}</figcaption>
        </figure>
      </div>
    </li>
  );
}

/** The QR code of a URL as an image (null until drawn). */
function useQrImage(url: string): string | null {
  const [image, setImage] = useState<{ url: string; data: string } | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(url, { width: 192, margin: 1, errorCorrectionLevel: "M" }).then(
      (data) => {
        if (current) setImage({ url, data });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [url]);
  return image?.url === url ? image.data : null;
}
