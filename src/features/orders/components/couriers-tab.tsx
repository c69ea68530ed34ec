// The admin's Couriers tab (issue 29): every courier with its phone (tap to call), kind, whether it
// keeps the delivery fee, and the orders it carries now; Add courier, and per courier Edit and
// Activate/Deactivate. The shared schemas check a form first; a refusal from the server (a phone
// another courier has) shows next to the field it names.
import { useState, type FormEvent } from "react";
import {
  COURIER_KINDS,
  courierCreateSchema,
  courierUpdateSchema,
  type Courier,
  type CourierKind,
} from "@contract/couriers.ts";
import { formatCambodianPhone } from "@contract/phone.ts";
import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  LoadingState,
  RetryAlert,
  SelectField,
  TextField,
  useToast,
} from "@/components/ui/index.ts";
import { failureMessage } from "@/lib/api-client.ts";
import { useFieldErrors } from "@/lib/use-field-errors.ts";
import { t } from "@/features/orders/i18n.ts";
import { useCouriers, useSaveCourier } from "@/features/orders/api/couriers.ts";
import "./couriers.css";

const FIELDS = ["name", "phone", "kind"] as const;

export function CouriersTab() {
  const couriers = useCouriers();
  const [adding, setAdding] = useState(false);
  return (
    <Card title={t("couriers.title")}>
      <p className="muted-note">{t("couriers.hint")}</p>
      {adding ? (
        <CourierForm saved={null} onDone={() => setAdding(false)} />
      ) : (
        <Button onClick={() => setAdding(true)}>{t("couriers.add")}</Button>
      )}
      {couriers.isLoading ? (
        <LoadingState label={t("couriers.title")} />
      ) : couriers.data ? (
        couriers.data.length === 0 ? (
          <EmptyState icon="users" title={t("couriers.empty")} body={t("couriers.emptyBody")} />
        ) : (
          <ul className="couriers" aria-label={t("couriers.title")}>
            {couriers.data.map((courier) => (
              <CourierItem key={courier.id} courier={courier} />
            ))}
          </ul>
        )
      ) : couriers.canRetry ? (
        <RetryAlert title={t("couriers.loadFailed")} onRetry={couriers.refetch} retrying={couriers.isFetching} />
      ) : (
        <Alert tone="info">{couriers.error}</Alert>
      )}
    </Card>
  );
}

function CourierItem({ courier }: { courier: Courier }) {
  const toast = useToast();
  const save = useSaveCourier();
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <li className="couriers__item">
        <CourierForm saved={courier} onDone={() => setEditing(false)} />
      </li>
    );
  }
  async function toggleActive() {
    try {
      const saved = await save.mutateAsync({ id: courier.id, input: { active: !courier.active } });
      toast.success(t("couriers.saved", { name: saved.name }));
    } catch (error) {
      toast.error(failureMessage(error, t("couriers.saveFailed")));
    }
  }
  return (
    <li className={`couriers__item${courier.active ? "" : " couriers__item--inactive"}`} aria-label={courier.name}>
      <div className="couriers__head">
        <h3 className="couriers__name break-anywhere">{courier.name}</h3>
        {!courier.active && <Badge tone="neutral">{t("couriers.inactive")}</Badge>}
      </div>
      <p className="couriers__meta">
        <a href={`tel:${courier.phone}`}>{formatCambodianPhone(courier.phone)}</a>
        <span aria-hidden="true"> · </span>
        {t(`couriers.kind.${courier.kind}`)}
      </p>
      <p className="couriers__meta">{courier.keeps_delivery_fee ? t("couriers.keepsFee") : t("couriers.remitsAll")}</p>
      <p className="couriers__meta">{t("couriers.openOrders", { count: courier.open_orders })}</p>
      <div className="button-row">
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          {t("couriers.edit")}
        </Button>
        <Button variant="outline" size="sm" loading={save.isPending} onClick={toggleActive}>
          {courier.active ? t("couriers.deactivate") : t("couriers.activate")}
        </Button>
      </div>
    </li>
  );
}

/** Adds a courier (saved: null) or edits one; only the changed fields are sent on an edit. */
function CourierForm({ saved, onDone }: { saved: Courier | null; onDone: () => void }) {
  const toast = useToast();
  const save = useSaveCourier();
  const [name, setName] = useState(saved?.name ?? "");
  const [phone, setPhone] = useState(saved ? formatCambodianPhone(saved.phone) : "");
  const [kind, setKind] = useState<CourierKind>(saved?.kind ?? "freelance");
  const [keepsFee, setKeepsFee] = useState(saved?.keeps_delivery_fee ?? true);
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, formRef, ...fieldErrors } = useFieldErrors(FIELDS);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const values = { name, phone, kind, keeps_delivery_fee: keepsFee };
    const changed = saved ? changedFrom(saved, values) : null;
    if (changed && Object.keys(changed).length === 0) return onDone();
    const parsed = changed ? courierUpdateSchema.safeParse(changed) : courierCreateSchema.safeParse(values);
    if (!parsed.success) {
      fieldErrors.fromSchema(parsed.error);
      return;
    }
    fieldErrors.show();
    try {
      const courier = await save.mutateAsync({ id: saved?.id ?? null, input: parsed.data });
      toast.success(t(saved ? "couriers.saved" : "couriers.added", { name: courier.name }));
      onDone();
    } catch (error) {
      if (!fieldErrors.fromServer(error)) setFailure(failureMessage(error, t("couriers.saveFailed")));
    }
  }

  return (
    <form className="form couriers__form" onSubmit={onSubmit} noValidate ref={formRef}>
      <TextField
        label={t("couriers.name")}
        name="name"
        required
        autoComplete="off"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
      />
      <TextField
        label={t("couriers.phone")}
        name="phone"
        type="tel"
        inputMode="tel"
        required
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        error={errors.phone}
      />
      <SelectField
        label={t("couriers.kind")}
        name="kind"
        value={kind}
        onChange={(event) => setKind(event.target.value as CourierKind)}
        options={COURIER_KINDS.map((value) => ({ value, label: t(`couriers.kind.${value}`) }))}
        error={errors.kind}
      />
      <label className="couriers__check">
        <input type="checkbox" checked={keepsFee} onChange={(event) => setKeepsFee(event.target.checked)} />
        {t("couriers.keepsFee")}
      </label>
      {failure && <Alert tone="danger">{failure}</Alert>}
      <div className="button-row">
        <Button type="submit" loading={save.isPending}>
          {saved ? t("couriers.save") : t("couriers.add")}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t("couriers.cancel")}
        </Button>
      </div>
    </form>
  );
}

/** The form's values that differ from the courier as saved (the phone compared as typed). */
function changedFrom(
  saved: Courier,
  values: { name: string; phone: string; kind: CourierKind; keeps_delivery_fee: boolean },
) {
  return {
    ...(values.name.trim() !== saved.name && { name: values.name }),
    ...(values.phone.trim() !== formatCambodianPhone(saved.phone) && { phone: values.phone }),
    ...(values.kind !== saved.kind && { kind: values.kind }),
    ...(values.keeps_delivery_fee !== saved.keeps_delivery_fee && { keeps_delivery_fee: values.keeps_delivery_fee }),
  };
}
