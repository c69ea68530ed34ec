import { paths } from "@/config/paths.ts";
import { PageHeader } from "@/components/layouts/page-header.tsx";
import { Card } from "@/components/ui/index.ts";
import { ButtonLink } from "@/components/ui/button-link.tsx";
import { t } from "@/lib/i18n/index.ts";

export default function NotFoundRoute() {
  return (
    <div className="container page page--narrow">
      <PageHeader title={t("notFound.title")} />
      <Card>
        <p>{t("notFound.body")}</p>
        <div className="button-row">
          <ButtonLink to={paths.home}>{t("common.backHome")}</ButtonLink>
        </div>
      </Card>
    </div>
  );
}
