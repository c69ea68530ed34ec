import { formatCount } from "@/lib/format.ts";
import { t } from "@/lib/i18n/index.ts";
import { Button } from "./button.tsx";

/** "Showing 50 of 480" and a button for the next page, when a list has more than it shows. */
export function ShowMore({
  shown,
  remaining,
  pageSize,
  onShowMore,
}: {
  shown: number;
  remaining: number;
  pageSize: number;
  onShowMore: () => void;
}) {
  if (remaining <= 0) return null;
  return (
    <div className="show-more">
      <p className="muted-note">
        {t("common.showing", { shown: formatCount(shown), total: formatCount(shown + remaining) })}
      </p>
      <Button variant="outline" onClick={onShowMore}>
        {t("common.showMore", { count: formatCount(Math.min(pageSize, remaining)) })}
      </Button>
    </div>
  );
}
