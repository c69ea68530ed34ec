// The order form of the checkout page: quantity, phone, who receives the order, the place (province,
// then district, then commune, each list loaded when the one before is chosen), the address and a
// note for the rider, the price breakdown with the delivery estimate once a fee is known, the Cash
// on Delivery note and the submit button. Rules live in ../utils/checkout-form.ts.
import { useEffect, useReducer, useRef, useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { PlaceOrderResponse } from "@contract/orders.ts";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card } from "@/components/ui/card.tsx";
import { Icon } from "@/components/ui/icon.tsx";
import { SelectField, TextAreaField, TextField } from "@/components/ui/form-field.tsx";
import { failureMessage } from "@/lib/api-client.ts";
import { formatMoney } from "@/lib/format.ts";
import { t } from "@/features/checkout/i18n.ts";
import { useFieldErrors } from "@/lib/use-field-errors.ts";
import { communesQuery } from "@/features/checkout/api/get-communes.ts";
import { deliveryFeeQuery } from "@/features/checkout/api/get-delivery-fee.ts";
import { districtsQuery } from "@/features/checkout/api/get-districts.ts";
import { useProvinces } from "@/features/checkout/api/get-provinces.ts";
import { PlaceField } from "./place-field.tsx";
import { usePlaceOrder } from "@/features/checkout/api/place-order.ts";
import { UsdAndRiel } from "./usd-and-riel.tsx";
import {
  CHECKOUT_ALIASES,
  CHECKOUT_FIELDS,
  checkoutAttempt,
  checkoutFormReducer,
  checkSubmit,
  initialCheckoutForm,
  loadOrderSchema,
  orderPreview,
  QUANTITIES,
  submitLabel,
  type CheckoutAttempt,
  type CheckoutField,
  type CheckoutOrderSchema,
  type CheckoutTextField,
} from "@/features/checkout/utils/checkout-form.ts";

const fieldId: Record<CheckoutField, string> = {
  quantity: "checkout-quantity",
  phone: "checkout-phone",
  recipient: "checkout-recipient",
  address: "checkout-address",
  landmark: "checkout-landmark",
  note: "checkout-note",
  province: "checkout-province",
  district: "checkout-district",
  commune: "checkout-commune",
};

function focusField(field: CheckoutField) {
  document.getElementById(fieldId[field])?.focus();
}

interface CheckoutFormProps {
  influencerId: string;
  productId: string;
  /** `ref` of the checkout URL: the short-link click that brought the customer, if any. */
  clickRef?: string | null;
  priceCents: number;
  /** For showing riel beside dollars; amounts stay dollars. */
  rielPerUsd: number;
  onPlaced: (placed: PlaceOrderResponse) => void;
}

export function CheckoutForm({
  influencerId,
  productId,
  clickRef,
  priceCents,
  rielPerUsd,
  onPlaced,
}: CheckoutFormProps) {
  const [state, dispatch] = useReducer(checkoutFormReducer, initialCheckoutForm);
  const queryClient = useQueryClient();
  const provinces = useProvinces();
  const { mutateAsync: place, isPending } = usePlaceOrder();
  const [submitError, setSubmitError] = useState<string | null>(null);
  /** The current attempt's order and Idempotency-Key (see checkoutAttempt). */
  const attempt = useRef<CheckoutAttempt | null>(null);
  const { errors, formRef, ...fieldErrors } = useFieldErrors(CHECKOUT_FIELDS, CHECKOUT_ALIASES);

  // The districts of the chosen province (a failure shows with a Try again). Another province aborts
  // the lookup of the one left.
  const [districtsAttempt, retryDistricts] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const province = state.province;
    const query = districtsQuery(province);
    let left = false;
    queryClient
      .fetchQuery(query)
      .then((districts) => dispatch({ type: "districtsLoaded", province, districts }))
      .catch((error: unknown) => {
        if (left) return;
        console.error("Could not load the districts of", province, error);
        dispatch({ type: "districtsFailed", province });
      });
    return () => {
      left = true;
      void queryClient.cancelQueries({ queryKey: query.queryKey });
    };
  }, [queryClient, state.province, districtsAttempt]);

  // The communes of the chosen district (a failure is only logged; docs/product.md, "When something
  // fails"). Another district aborts the lookup of the one left.
  useEffect(() => {
    const district = state.district;
    if (!district) return;
    const query = communesQuery(district);
    let left = false;
    queryClient
      .fetchQuery(query)
      .then((communes) => dispatch({ type: "communesLoaded", district, communes }))
      .catch((error: unknown) => {
        if (left) return;
        console.error("Could not load the communes of", district, error);
        dispatch({ type: "communesFailed", district });
      });
    return () => {
      left = true;
      void queryClient.cancelQueries({ queryKey: query.queryKey });
    };
  }, [queryClient, state.district]);

  // The fee to the chosen commune (a failure clears the fee).
  const { district: chosenDistrict, commune: chosenCommune } = state;
  useEffect(() => {
    const district = chosenDistrict;
    const commune = chosenCommune;
    if (!district || !commune) return;
    const query = deliveryFeeQuery(commune, district);
    let left = false;
    queryClient
      .fetchQuery(query)
      .then((quote) => dispatch({ type: "feeLoaded", district, commune, quote }))
      .catch(() => {
        if (!left) dispatch({ type: "feeFailed", district, commune });
      });
    return () => {
      left = true;
      void queryClient.cancelQueries({ queryKey: query.queryKey });
    };
  }, [queryClient, chosenDistrict, chosenCommune]);

  const clearError = (field: CheckoutField) => {
    fieldErrors.clear(field);
    setSubmitError(null);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isPending) return;
    let schema: CheckoutOrderSchema;
    try {
      schema = await loadOrderSchema();
    } catch {
      setSubmitError(t("errors.network"));
      return;
    }
    const check = checkSubmit(state, { influencerId, productId, clickRef }, schema);
    if (!check.ok) {
      // The location message as an alert; a refused field value beside its field.
      setSubmitError(check.reason === "location" ? check.message : null);
      fieldErrors.show(check.reason === "invalid" ? { [check.field]: check.message } : {});
      focusField(check.field);
      return;
    }
    setSubmitError(null);
    fieldErrors.show();
    // Taken synchronously, before any await: a second tap in the same instant finds this attempt.
    attempt.current = checkoutAttempt(attempt.current, check.input);
    try {
      onPlaced(await place({ input: check.input, idempotencyKey: attempt.current.key }));
    } catch (error) {
      const reason = failureMessage(error, "");
      const message = reason ? t("checkout.orderFailed", { message: reason }) : t("checkout.orderFailedDefault");
      setSubmitError(message);
      fieldErrors.fromServer(error, reason);
    }
  }

  const preview = orderPreview(priceCents, state);
  const communeError = errors.commune ?? (state.feeFailed ? t("checkout.feeFailed") : null);
  const text = (field: CheckoutTextField) => ({
    value: state[field],
    id: fieldId[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => {
      clearError(field);
      dispatch({ type: "text", field, value: event.target.value });
    },
  });

  return (
    <Card title={t("checkout.details")} className="checkout-form-card">
      <form
        className="form checkout-form"
        onSubmit={onSubmit}
        onFocus={() => void loadOrderSchema().catch(() => undefined)}
        noValidate
        aria-busy={isPending || undefined}
        ref={formRef}
      >
        <SelectField
          label={t("checkout.quantity")}
          name="quantity"
          required
          value={String(state.quantity)}
          onChange={(event) => {
            clearError("quantity");
            dispatch({ type: "quantity", quantity: Number(event.target.value) });
          }}
          options={QUANTITIES.map((n) => ({ value: String(n), label: String(n) }))}
          error={errors.quantity}
          id={fieldId.quantity}
        />
        <TextField
          label={t("checkout.recipient")}
          name="recipient"
          autoComplete="name"
          required
          maxLength={100}
          {...text("recipient")}
        />
        <TextField
          label={t("checkout.phone")}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          hint={t("checkout.phoneHint")}
          {...text("phone")}
        />
        <fieldset className="form-fieldset checkout-form__location">
          <legend className="checkout-form__legend">{t("checkout.location")}</legend>
          <PlaceField
            id={fieldId.province}
            label={t("checkout.province")}
            name="province"
            places={provinces.data ?? [{ code: "12", name_en: "Phnom Penh", name_km: "ភ្នំពេញ" }]}
            keepOrder
            value={state.province}
            placeholder={t("checkout.provincePlaceholder")}
            disabled={!provinces.data}
            error={errors.province}
            onChange={(province) => {
              clearError("province");
              clearError("district");
              clearError("commune");
              dispatch({ type: "province", province });
            }}
          />
          <PlaceField
            id={fieldId.district}
            label={t("checkout.district")}
            name="district"
            places={state.districts}
            value={state.district}
            placeholder={state.districtsLoading ? t("checkout.districtsLoading") : t("checkout.districtPlaceholder")}
            disabled={state.districtsLoading}
            error={errors.district ?? (state.districtsFailed ? t("checkout.districtsFailed") : null)}
            onChange={(district) => {
              clearError("district");
              clearError("commune");
              dispatch({ type: "district", district });
            }}
          />
          {state.districtsFailed && (
            <Button variant="outline" size="sm" onClick={retryDistricts}>
              {t("common.tryAgain")}
            </Button>
          )}
          <PlaceField
            id={fieldId.commune}
            label={t("checkout.commune")}
            name="commune"
            places={state.communes}
            value={state.commune}
            placeholder={
              !state.district
                ? t("checkout.communeFirstDistrict")
                : state.communesLoading
                  ? t("checkout.communesLoading")
                  : t("checkout.communePlaceholder")
            }
            disabled={!state.district || state.communesLoading}
            error={communeError}
            onChange={(commune) => {
              clearError("commune");
              dispatch({ type: "commune", commune });
            }}
          />
          {state.feeLoading && (
            <p className="checkout-form__status" role="status">
              {t("checkout.feeLoading")}
            </p>
          )}
          <TextField
            label={t("checkout.address")}
            name="address"
            autoComplete="street-address"
            required
            maxLength={200}
            hint={t("checkout.addressHint")}
            {...text("address")}
          />
          <TextField
            label={t("checkout.landmark")}
            name="landmark"
            maxLength={200}
            hint={t("checkout.landmarkHint")}
            {...text("landmark")}
          />
          <TextAreaField label={t("checkout.note")} name="note" rows={2} maxLength={500} {...text("note")} />
        </fieldset>

        {preview && (
          <section className="checkout-breakdown" aria-labelledby="checkout-breakdown-title">
            <h3 id="checkout-breakdown-title" className="checkout-breakdown__title">
              {t("checkout.breakdown")}
            </h3>
            <dl className="checkout-breakdown__list">
              <div className="checkout-breakdown__row">
                <dt>{t("checkout.subtotal", { price: formatMoney(priceCents), quantity: state.quantity })}</dt>
                <dd>{formatMoney(preview.subtotalCents)}</dd>
              </div>
              <div className="checkout-breakdown__row">
                <dt>{t("checkout.deliveryFee")}</dt>
                <dd>{formatMoney(preview.feeCents)}</dd>
              </div>
              {state.estimate && (
                <div className="checkout-breakdown__row">
                  <dt>{t("checkout.estimate")}</dt>
                  <dd>{estimateText(state.estimate)}</dd>
                </div>
              )}
              <div className="checkout-breakdown__row checkout-breakdown__row--total">
                <dt>{t("checkout.total")}</dt>
                <dd>
                  <UsdAndRiel cents={preview.totalCents} rielPerUsd={rielPerUsd} />
                </dd>
              </div>
            </dl>
            <p className="checkout-breakdown__note">{t("checkout.previewNote")}</p>
          </section>
        )}

        <div className="checkout-payment">
          <Icon name="cash" size={26} className="checkout-payment__icon" />
          <div>
            <p className="checkout-payment__title">{t("checkout.paymentTitle")}</p>
            <p className="checkout-payment__body">{t("checkout.paymentBody")}</p>
          </div>
        </div>

        {submitError && <Alert tone="danger">{submitError}</Alert>}

        <Button type="submit" size="lg" block variant={preview ? "primary" : "secondary"} loading={isPending}>
          {isPending ? t("checkout.placing") : submitLabel(priceCents, state)}
        </Button>
      </form>
    </Card>
  );
}

/** "2-24 hours", or "1-3 days" from two days on. */
function estimateText({ hoursMin, hoursMax }: { hoursMin: number; hoursMax: number }): string {
  if (hoursMax < 48) return t("checkout.estimateHours", { min: hoursMin, max: hoursMax });
  return t("checkout.estimateDays", { min: Math.max(1, Math.round(hoursMin / 24)), max: Math.round(hoursMax / 24) });
}
