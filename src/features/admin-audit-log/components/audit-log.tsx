// The admin's Audit log tab: every admin action the database recorded, newest first, with
// filters (admin, action, target) and a page at a time ("Load More" follows next_cursor). The
// filters apply on submit, so typing an email does not send a request per key.
import { useState, type FormEvent } from "react";
import {
  Alert,
  Button,
  Card,
  EmptyState,
  LoadingState,
  RetryAlert,
  SelectField,
  TextField,
} from "@/components/ui/index.ts";
import { ApiError, failureMessage } from "@/lib/api-client.ts";
import { formatCount } from "@/lib/format.ts";
import { formatDateTime } from "@/lib/format-date.ts";
import { t } from "@/features/admin-audit-log/i18n.ts";
import { useAuditLog, type AuditLogFilters } from "@/features/admin-audit-log/api/get-audit-log.ts";
import { AuditDetails } from "./audit-details.tsx";
import { actionLabel, actionOptions, targetLabel, targetOptions } from "./audit-labels.ts";
import "./audit-log.css";

const NO_FILTERS = { actor: "", action: "", target_type: "", target_id: "" };
type Draft = typeof NO_FILTERS;

/** A filter the server refused (400): asking again cannot help, so no "Try again". */
function refused(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400;
}

/** The filters to send: trimmed, empty ones left out. */
function applied(draft: Draft): AuditLogFilters {
  const filters: Record<string, string> = {};
  for (const [name, value] of Object.entries(draft)) if (value.trim()) filters[name] = value.trim();
  return filters as AuditLogFilters;
}

export function AuditLog() {
  const [draft, setDraft] = useState<Draft>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditLogFilters>({});
  const log = useAuditLog(filters);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const set = (name: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFilters(applied(draft));
  }

  function onClear() {
    setDraft(NO_FILTERS);
    setFilters({});
  }

  const error = log.error ? failureMessage(log.error, t("audit.loadFailed")) : null;

  return (
    <Card title={t("audit.title")}>
      <p className="muted-note">{t("audit.intro")}</p>
      <form className="audit-log__filters" onSubmit={onSubmit} aria-label={t("audit.filters")} noValidate>
        <TextField
          label={t("audit.filter.actor")}
          name="actor"
          type="search"
          autoComplete="off"
          value={draft.actor}
          onChange={set("actor")}
        />
        <SelectField
          label={t("audit.filter.action")}
          name="action"
          value={draft.action}
          onChange={set("action")}
          options={[{ value: "", label: t("audit.filter.any") }, ...actionOptions()]}
        />
        <SelectField
          label={t("audit.filter.targetType")}
          name="target_type"
          value={draft.target_type}
          onChange={set("target_type")}
          options={[{ value: "", label: t("audit.filter.any") }, ...targetOptions()]}
        />
        <TextField
          label={t("audit.filter.targetId")}
          name="target_id"
          type="search"
          autoComplete="off"
          value={draft.target_id}
          onChange={set("target_id")}
        />
        <div className="audit-log__filter-actions">
          <Button type="submit">{t("audit.filter.apply")}</Button>
          <Button type="button" variant="outline" onClick={onClear}>
            {t("audit.filter.clear")}
          </Button>
        </div>
      </form>

      {error &&
        (refused(log.error) ? (
          <Alert tone="danger">{error}</Alert>
        ) : (
          <RetryAlert onRetry={() => void log.refetch()} retrying={log.isFetching}>
            {error}
          </RetryAlert>
        ))}
      {log.isPending ? (
        <LoadingState label={t("audit.loading")} />
      ) : entries.length === 0 ? (
        !error && <EmptyState icon="check" title={t("audit.empty")} />
      ) : (
        <>
          <div className="audit-log__scroll">
            <table className="audit-log__table">
              <caption className="visually-hidden">{t("audit.title")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("audit.column.when")}</th>
                  <th scope="col">{t("audit.column.actor")}</th>
                  <th scope="col">{t("audit.column.action")}</th>
                  <th scope="col">{t("audit.column.target")}</th>
                  <th scope="col">{t("audit.column.details")}</th>
                </tr>
              </thead>
              <tbody>
                {/* Pages only ever append, so an entry keeps its index. */}
                {entries.map((entry, index) => (
                  <tr key={index}>
                    <td className="audit-log__when">{formatDateTime(entry.created_at)}</td>
                    <td>
                      {entry.actor_email ??
                        (entry.actor_courier
                          ? t("audit.actor.courier", { name: entry.actor_courier.name })
                          : t("audit.actor.job"))}
                    </td>
                    <td>{actionLabel(entry.action)}</td>
                    <td>
                      {targetLabel(entry.target_type)}
                      <br />
                      <code className="audit-log__id">{entry.target_id}</code>
                    </td>
                    <td>
                      <AuditDetails details={entry.details} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="show-more">
            <p className="muted-note">{t("audit.shown", { count: formatCount(entries.length) })}</p>
            {log.hasNextPage && (
              <Button variant="outline" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
                {t("audit.loadMore")}
              </Button>
            )}
          </div>
        </>
      )}
    </Card>
  );
}
