// The admin's Couriers tab (issue 29): every courier with its phone (tap to call), kind, whether it
// keeps the delivery fee, and the orders it carries now; Add courier, and per courier Edit and
// Activate/Deactivate. The shared schemas check a form first; a refusal from the server (a phone
// another courier has) shows next to the field it names.
// Rider links opens the courier's links to its rider's page: who made each and when, its last use
// and revocation, Revoke (asked once more); an active courier's New rider link shows the URL this
// once, to copy and send to the rider, since the server keeps only its hash.
// Each courier shows the cash it holds and, while some is not remitted, how many orders and since
// when (in the warning tone past a few days); Cash opens its remittances and Record remittance
// (courier-cash.tsx).
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  COURIER_KINDS,
  courierCreateSchema,
  courierUpdateSchema,
  type Courier,
  type CourierKind,
} from "@contract/couriers.ts";
import { formatCambodianPhone } from "@contract/phone.ts";
import type { CourierLink } from "@contract/rider.ts";
import {
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  EmptyState,
  Icon,
  LoadingState,
  RetryAlert,
  SelectField,
  TextField,
  useToast,
} from "@/components/ui/index.ts";
import { failureMessage } from "@/lib/api-client.ts";
import { formatMoney } from "@/lib/format.ts";
import { formatDate, formatDateTime } from "@/lib/format-date.ts";
import { tServer } from "@/lib/i18n/index.ts";
import { useFieldErrors } from "@/lib/use-field-errors.ts";
import { t } from "@/features/orders/i18n.ts";
import { useCourierLinks, useCreateCourierLink, useRevokeCourierLink } from "@/features/orders/api/courier-links.ts";
import { useCouriers, useSaveCourier } from "@/features/orders/api/couriers.ts";
import { isRemittanceLate } from "@/features/orders/utils/courier-cash.ts";
import { CourierCash } from "./courier-cash.tsx";
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
  const [showingLinks, setShowingLinks] = useState(false);
  const [showingCash, setShowingCash] = useState(false);
  const linksId = useId();
  const cashId = useId();
  // When the courier was first shown: cash held is "late" from then on, without a re-render each minute.
  const [now] = useState(() => Date.now());
  const late = isRemittanceLate(courier.oldest_unremitted_at, now);
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
      <p className="couriers__cash">{t("couriers.cashHeld", { amount: formatMoney(courier.cash_held_cents) })}</p>
      {courier.unremitted_orders > 0 && (
        <p className={`couriers__meta${late ? " couriers__meta--late" : ""}`}>
          {late && <Icon name="clock" size={16} />}
          {t("couriers.unremitted", {
            count: courier.unremitted_orders,
            date: formatDate(courier.oldest_unremitted_at),
          })}
        </p>
      )}
      <div className="button-row">
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          {t("couriers.edit")}
        </Button>
        <Button variant="outline" size="sm" loading={save.isPending} onClick={toggleActive}>
          {courier.active ? t("couriers.deactivate") : t("couriers.activate")}
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={showingLinks}
          aria-controls={showingLinks ? linksId : undefined}
          onClick={() => setShowingLinks(!showingLinks)}
        >
          {t("couriers.links.open")}
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={showingCash}
          aria-controls={showingCash ? cashId : undefined}
          onClick={() => setShowingCash(!showingCash)}
        >
          {t("couriers.cash.open")}
        </Button>
      </div>
      {showingLinks && <RiderLinks id={linksId} courier={courier} />}
      {showingCash && <CourierCash id={cashId} courier={courier} />}
    </li>
  );
}

/** A courier's rider links, newest first, and (an active courier's) New rider link. */
function RiderLinks({ id, courier }: { id: string; courier: Courier }) {
  const links = useCourierLinks(courier.id);
  const create = useCreateCourierLink();
  // The new link's URL: the server answers it once, so it lives only here, until Done or the panel closes.
  const [madeUrl, setMadeUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function onCreate() {
    setFailure(null);
    setMadeUrl(null);
    try {
      setMadeUrl(await create.mutateAsync(courier.id));
    } catch (error) {
      setFailure(failureMessage(error, t("couriers.links.makeFailed")));
    }
  }

  return (
    <section id={id} className="courier-links" aria-label={t("couriers.links.title", { name: courier.name })}>
      {courier.active ? (
        <div>
          <Button size="sm" loading={create.isPending} onClick={onCreate}>
            {t("couriers.links.new")}
          </Button>
        </div>
      ) : (
        <p className="couriers__meta">{t("couriers.links.inactiveNote")}</p>
      )}
      {failure && <Alert tone="danger">{failure}</Alert>}
      {madeUrl && <NewRiderLink url={madeUrl} onDone={() => setMadeUrl(null)} />}
      {links.isLoading ? (
        <LoadingState label={t("couriers.links.open")} />
      ) : links.data ? (
        links.data.length === 0 ? (
          <p className="couriers__meta">{t("couriers.links.empty")}</p>
        ) : (
          <ul className="courier-links__list">
            {links.data.map((link) => (
              <RiderLinkItem key={link.id} courierId={courier.id} link={link} />
            ))}
          </ul>
        )
      ) : links.canRetry ? (
        <RetryAlert title={t("couriers.links.loadFailed")} onRetry={links.refetch} retrying={links.isFetching} />
      ) : (
        <Alert tone="info">{links.error}</Alert>
      )}
    </section>
  );
}

/** The URL of a link just made, with Copy: it cannot be read again later. */
function NewRiderLink({ url, onDone }: { url: string; onDone: () => void }) {
  const urlId = useId();
  const input = useRef<HTMLInputElement>(null);
  // The field takes focus (and selects the URL), so a keyboard or screen reader user lands on it.
  useEffect(() => {
    input.current?.focus();
  }, [url]);

  return (
    <div className="courier-links__new">
      <label htmlFor={urlId} className="field__label">
        {t("couriers.links.url")}
      </label>
      <input
        id={urlId}
        ref={input}
        className="field__control courier-links__url"
        readOnly
        value={url}
        onFocus={(event) => event.target.select()}
      />
      <p className="couriers__meta">{t("couriers.links.shownOnce")}</p>
      <div className="button-row courier-links__actions">
        <CopyButton text={url} label={t("couriers.links.url")} />
        <Button variant="ghost" size="sm" onClick={onDone}>
          {t("couriers.links.done")}
        </Button>
      </div>
    </div>
  );
}

/** One rider link: made when and by whom, its last use, and Revoke (asked once more) while it works. */
function RiderLinkItem({ courierId, link }: { courierId: string; link: CourierLink }) {
  const toast = useToast();
  const revoke = useRevokeCourierLink();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The question takes focus, so a keyboard user lands on what was just asked.
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  async function onRevoke() {
    setFailure(null);
    try {
      const answer = await revoke.mutateAsync({ courierId, linkId: link.id });
      toast.success(tServer(answer.message));
    } catch (error) {
      setFailure(failureMessage(error, t("couriers.links.revokeFailed")));
    } finally {
      setConfirming(false);
    }
  }

  const revoked = link.revoked_at !== null;
  return (
    <li className={`courier-links__item${revoked ? " courier-links__item--revoked" : ""}`}>
      <p className="courier-links__made break-anywhere">
        {t("couriers.links.made", { time: formatDateTime(link.created_at), email: link.created_by_email })}
      </p>
      <p className="couriers__meta">
        {link.last_used_at
          ? t("couriers.links.lastUsed", { time: formatDateTime(link.last_used_at) })
          : t("couriers.links.neverUsed")}
      </p>
      {revoked ? (
        <p className="couriers__meta">{t("couriers.links.revoked", { date: formatDate(link.revoked_at) })}</p>
      ) : confirming ? (
        <Alert
          tone="warning"
          action={
            <div className="button-row">
              <Button ref={confirmButton} variant="danger" size="sm" loading={revoke.isPending} onClick={onRevoke}>
                {t("couriers.links.revokeYes")}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                {t("couriers.cancel")}
              </Button>
            </div>
          }
        >
          {t("couriers.links.revokeConfirm")}
        </Alert>
      ) : (
        <div>
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            {t("couriers.links.revoke")}
          </Button>
        </div>
      )}
      {failure && <Alert tone="danger">{failure}</Alert>}
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
