// One entry's details, readably: "Status: pending → approved", the reason, then the names of the
// target. Cents are shown as dollars; an empty value as "(none)".
import type { AuditEntry } from "@contract/audit.ts";
import { formatMoney } from "@/lib/format.ts";
import { t } from "@/features/admin-audit-log/i18n.ts";
import { CENTS_FIELDS, changesOf, factsOf } from "@/features/admin-audit-log/utils/audit-details.ts";
import { fieldLabel } from "./audit-labels.ts";

function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return t("audit.none");
  if (CENTS_FIELDS.has(field) && typeof value === "number") return formatMoney(value);
  if (Array.isArray(value)) return value.length ? value.map(String).join(", ") : t("audit.none");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export function AuditDetails({ details }: { details: AuditEntry["details"] }) {
  const changes = changesOf(details);
  const facts = factsOf(details);
  return (
    <div className="audit-details">
      {changes.length > 0 && (
        <ul className="audit-details__changes">
          {changes.map((change) => (
            <li key={change.field}>
              <span className="audit-details__field">{fieldLabel(change.field)}:</span>{" "}
              <span className="audit-details__before">{shown(change.field, change.before)}</span>
              {" → "}
              <span className="audit-details__after">{shown(change.field, change.after)}</span>
            </li>
          ))}
        </ul>
      )}
      {typeof details.reason === "string" && (
        <p className="audit-details__reason">{t("audit.reason", { reason: details.reason })}</p>
      )}
      {facts.length > 0 && (
        <p className="audit-details__facts muted-note">
          {facts.map((fact) => `${fieldLabel(fact.key)}: ${shown(fact.key, fact.value)}`).join(" · ")}
        </p>
      )}
    </div>
  );
}
