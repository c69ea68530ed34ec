// /checkout?influencer_id&product_id (public). The checkout form comes with the orders slice;
// a link missing either parameter already shows 'Invalid Checkout Link'.
import { useSearchParams } from "react-router-dom";
import { paths } from "../../config/paths.ts";
import { ComingSoon } from "../../components/layouts/coming-soon.tsx";
import { PageHeader } from "../../components/layouts/page-header.tsx";
import { ButtonLink, Card, EmptyState } from "../../components/ui/index.ts";
import { t } from "../../lib/i18n/index.ts";

export default function CheckoutRoute() {
  const [params] = useSearchParams();
  if (!params.get("influencer_id") || !params.get("product_id")) {
    return (
      <div className="container page page--narrow">
        <PageHeader title={t("checkout.title")} />
        <Card>
          <EmptyState
            icon="link"
            title={t("checkout.invalid")}
            body={t("checkout.invalidBody")}
            action={<ButtonLink to={paths.home} variant="secondary">{t("common.backHome")}</ButtonLink>}
          />
        </Card>
      </div>
    );
  }
  return <ComingSoon title={t("checkout.title")} back={{ to: paths.home, label: t("common.backHome") }} />;
}
