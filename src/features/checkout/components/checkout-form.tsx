// The order form of the checkout page: quantity, phone, district, commune (disabled until a
// district is chosen), the price breakdown once a fee is known, the Cash on Delivery note and the
// submit button. Rules live in ../utils/checkout-form.ts.
import { useEffect, useReducer, useRef, useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { PlacedOrder } from "@contract/orders.ts";
import { Alert, Button, Card, Icon, SelectField, TextField } from "@/components/ui/index.ts";
import { failureMessage } from "@/lib/api-client.ts";
import { formatMoney } from "@/lib/format.ts";
import { t } from "@/features/checkout/i18n.ts";
import { useFieldErrors } from "@/lib/use-field-errors.ts";
import { communesQuery } from "@/features/checkout/api/get-communes.ts";
import { deliveryFeeQuery } from "@/features/checkout/api/get-delivery-fee.ts";
import { useDistricts } from "@/features/checkout/api/get-districts.ts";
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
} from "@/features/checkout/utils/checkout-form.ts";

const fieldId: Record<CheckoutField, string> = {
  quantity: "checkout-quantity",
  phone: "checkout-phone",
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
  onPlaced: (order: PlacedOrder) => void;
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
  const districts = useDistricts();
  const { mutateAsync: place, isPending } = usePlaceOrder();
  const [submitError, setSubmitError] = useState<string | null>(null);
  /** The current attempt's order and Idempotency-Key (see checkoutAttempt). */
  const attempt = useRef<CheckoutAttempt | null>(null);
  const { errors, formRef, ...fieldErrors } = useFieldErrors(CHECKOUT_FIELDS, CHECKOUT_ALIASES);

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
      .then((feeCents) => dispatch({ type: "feeLoaded", district, commune, feeCents }))
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
  const districtOptions = [
    { value: "", label: districts.isLoading ? t("checkout.districtsLoading") : t("checkout.districtPlaceholder") },
    ...(districts.data ?? []).map((name) => ({ value: name, label: name })),
  ];
  const communeOptions = [
    {
      value: "",
      label: !state.district
        ? t("checkout.communeFirstDistrict")
        : state.communesLoading
          ? t("checkout.communesLoading")
          : t("checkout.communePlaceholder"),
    },
    ...state.communes.map((name) => ({ value: name, label: name })),
  ];
  const communeError = errors.commune ?? (state.feeFailed ? t("checkout.feeFailed") : null);

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
          label={t("checkout.phone")}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          hint={t("checkout.phoneHint")}
          value={state.phone}
          onChange={(event) => {
            clearError("phone");
            dispatch({ type: "phone", phone: event.target.value });
          }}
          error={errors.phone}
          id={fieldId.phone}
        />
        <fieldset className="form-fieldset checkout-form__location">
          <legend className="checkout-form__legend">{t("checkout.location")}</legend>
          <SelectField
            label={t("checkout.district")}
            name="district"
            required
            value={state.district}
            disabled={districts.isLoading && !districts.data}
            onChange={(event) => {
              clearError("district");
              clearError("commune");
              dispatch({ type: "district", district: event.target.value });
            }}
            options={districtOptions}
            error={errors.district ?? (districts.error && !districts.data ? t("checkout.districtsFailed") : null)}
            id={fieldId.district}
          />
          {districts.error && !districts.data && (
            <Button variant="outline" size="sm" onClick={districts.refetch} loading={districts.isFetching}>
              {t("common.tryAgain")}
            </Button>
          )}
          <SelectField
            label={t("checkout.commune")}
            name="commune"
            required
            value={state.commune}
            disabled={!state.district || state.communesLoading}
            onChange={(event) => {
              clearError("commune");
              dispatch({ type: "commune", commune: event.target.value });
            }}
            options={communeOptions}
            error={communeError}
            id={fieldId.commune}
          />
          {state.feeLoading && (
            <p className="checkout-form__status" role="status">
              {t("checkout.feeLoading")}
            </p>
          )}
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
