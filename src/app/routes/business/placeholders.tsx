// Business pages of later slices: guarded now, content later. The profile shows Coming Soon (SPEC §2).
import { paths } from "../../../config/paths.ts";
import { ComingSoon } from "../../../components/layouts/coming-soon.tsx";
import { t } from "../../../lib/i18n/index.ts";

const back = () => ({ to: paths.businessDashboard, label: t("common.backToDashboard") });

export function BusinessProfileRoute() {
  return <ComingSoon title={t("placeholder.businessProfile")} body={t("placeholder.profileBody")} back={back()} />;
}
