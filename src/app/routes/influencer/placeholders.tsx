// Influencer pages of later slices: guarded now, content later. The profile shows Coming Soon (SPEC §2).
import { paths } from "../../../config/paths.ts";
import { ComingSoon } from "../../../components/layouts/coming-soon.tsx";
import { t } from "../../../lib/i18n/index.ts";

const back = () => ({ to: paths.influencerDashboard, label: t("common.backToDashboard") });

export function InfluencerProfileRoute() {
  return <ComingSoon title={t("placeholder.influencerProfile")} body={t("placeholder.profileBody")} back={back()} />;
}
