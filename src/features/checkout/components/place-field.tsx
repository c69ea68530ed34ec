// A picker of a province, district or commune: a select in the interface's script, with a filter
// above it when the list is long, which finds a place typed in Khmer or in Latin letters.
import { useState } from "react";
import type { Place } from "@contract/delivery-zones.ts";
import { SelectField } from "@/components/ui/form-field.tsx";
import { useLocale } from "@/lib/i18n/index.ts";
import { t } from "@/features/checkout/i18n.ts";
import { byName, placeMatches, placeName } from "@/features/checkout/utils/places.ts";

/** Lists shorter than this are read at a glance; longer ones get the filter. */
const FILTER_FROM = 9;

interface PlaceFieldProps {
  id: string;
  label: string;
  name: string;
  places: Pick<Place, "code" | "name_en" | "name_km">[];
  /** The chosen place's code, or "". */
  value: string;
  /** The first option's text: a placeholder, or why the list is empty. */
  placeholder: string;
  disabled?: boolean;
  error?: string | null;
  /** Keep the server's order (the provinces, by code) rather than sort by name. */
  keepOrder?: boolean;
  onChange: (code: string) => void;
}

export function PlaceField({
  id,
  label,
  name,
  places,
  value,
  placeholder,
  disabled,
  error,
  keepOrder,
  onChange,
}: PlaceFieldProps) {
  const locale = useLocale();
  const [typed, setTyped] = useState("");
  const sorted = keepOrder ? places : byName(places, locale);
  // The chosen place stays listed whatever is typed, so the select never shows another.
  const shown = sorted.filter((place) => place.code === value || placeMatches(place, typed));
  return (
    <div className="checkout-place">
      <SelectField
        label={label}
        name={name}
        required
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        options={[
          { value: "", label: placeholder },
          ...shown.map((place) => ({ value: place.code, label: placeName(place, locale) })),
        ]}
        error={error}
        id={id}
      />
      {places.length >= FILTER_FROM && !disabled && (
        <input
          type="search"
          className="field__control checkout-place__filter"
          aria-label={t("checkout.placeFilter", { field: label })}
          placeholder={t("checkout.placeFilterHint")}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            const matches = sorted.filter((place) => placeMatches(place, event.target.value));
            // One match is the customer's answer: choose it.
            if (matches.length === 1 && matches[0].code !== value) onChange(matches[0].code);
          }}
        />
      )}
    </div>
  );
}
