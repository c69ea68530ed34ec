import type { ReactNode } from "react";
import { t } from "../../lib/i18n/index.ts";
import { ButtonLink, Card, EmptyState } from "../ui/index.ts";
import { PageHeader } from "./page-header.tsx";

interface ComingSoonProps {
  title: string;
  body?: ReactNode;
  back?: { to: string; label: string };
}

/** A page of a later release: the route and its guard exist, the content does not yet. */
export function ComingSoon({ title, body, back }: ComingSoonProps) {
  return (
    <div className="container page">
      <PageHeader title={title} />
      <Card>
        <EmptyState
          icon="sparkle"
          title={t("common.comingSoon")}
          body={body ?? t("placeholder.body")}
          action={back && <ButtonLink to={back.to} variant="secondary">{back.label}</ButtonLink>}
        />
      </Card>
    </div>
  );
}
