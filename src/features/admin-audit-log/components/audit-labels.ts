// The catalog ids of the names an entry carries: actions, target types and columns. A name the
// SPA does not know yet (a column added later) is shown as the server wrote it.
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditAction, type AuditTargetType } from "@contract/audit.ts";
import { t, type MessageKey } from "@/features/admin-audit-log/i18n.ts";

const actionKeys: Record<AuditAction, MessageKey> = {
  "user.approve": "audit.action.user.approve",
  "user.reject": "audit.action.user.reject",
  "link.approve": "audit.action.link.approve",
  "link.reject": "audit.action.link.reject",
  "order.status_change": "audit.action.order.status_change",
  "order.review": "audit.action.order.review",
  "order.confirmation_call": "audit.action.order.confirmation_call",
  "order.auto_cancel": "audit.action.order.auto_cancel",
  "order.courier_assign": "audit.action.order.courier_assign",
  "courier.create": "audit.action.courier.create",
  "courier.update": "audit.action.courier.update",
  "courier.link_create": "audit.action.courier.link_create",
  "courier.link_revoke": "audit.action.courier.link_revoke",
  "remittance.record": "audit.action.remittance.record",
  "remittance.reverse": "audit.action.remittance.reverse",
  "payout.complete": "audit.action.payout.complete",
  "settings.update": "audit.action.settings.update",
  "delivery_zone.update": "audit.action.delivery_zone.update",
  "user.suspend": "audit.action.user.suspend",
  "user.reinstate": "audit.action.user.reinstate",
  "payout.reject": "audit.action.payout.reject",
  "payout.reference_correct": "audit.action.payout.reference_correct",
};

const targetKeys: Record<AuditTargetType, MessageKey> = {
  user: "audit.target.user",
  affiliate_link: "audit.target.affiliate_link",
  order: "audit.target.order",
  payout_request: "audit.target.payout_request",
  marketplace_settings: "audit.target.marketplace_settings",
  delivery_zone: "audit.target.delivery_zone",
  courier: "audit.target.courier",
  remittance: "audit.target.remittance",
};

const fieldKeys: Record<string, MessageKey> = {
  status: "audit.field.status",
  rejection_reason: "audit.field.rejection_reason",
  suspension_reason: "audit.field.suspension_reason",
  attempt: "audit.field.attempt",
  short_code: "audit.field.short_code",
  aba_reference: "audit.field.aba_reference",
  riel_per_usd: "audit.field.riel_per_usd",
  commission_hold_days: "audit.field.commission_hold_days",
  max_commission_rate: "audit.field.max_commission_rate",
  fee_cents: "audit.field.fee_cents",
  review_status: "audit.field.review_status",
  email: "audit.field.email",
  user_type: "audit.field.user_type",
  influencer_email: "audit.field.influencer_email",
  product_name: "audit.field.product_name",
  order_number: "audit.field.order_number",
  note: "audit.field.note",
  amount_cents: "audit.field.amount_cents",
  user_id: "audit.field.user_id",
  district: "audit.field.district",
  commune: "audit.field.commune",
  flags: "audit.field.flags",
  courier: "audit.field.courier",
  name: "audit.field.name",
  phone: "audit.field.phone",
  kind: "audit.field.kind",
  active: "audit.field.active",
  keeps_delivery_fee: "audit.field.keeps_delivery_fee",
  unconfirmed_cancel_hours: "audit.field.unconfirmed_cancel_hours",
};

export function actionLabel(action: string): string {
  return (AUDIT_ACTIONS as readonly string[]).includes(action) ? t(actionKeys[action as AuditAction]) : action;
}

export function targetLabel(targetType: string): string {
  const key = targetKeys[targetType as keyof typeof targetKeys] as MessageKey | undefined;
  return key ? t(key) : targetType;
}

export function fieldLabel(field: string): string {
  const key = Object.hasOwn(fieldKeys, field) ? fieldKeys[field] : undefined;
  return key ? t(key) : field;
}

export const actionOptions = () => AUDIT_ACTIONS.map((action) => ({ value: action, label: actionLabel(action) }));
export const targetOptions = () => AUDIT_TARGET_TYPES.map((type) => ({ value: type, label: targetLabel(type) }));
