// Place names on the checkout: the Khmer interface shows the gazetteer's Khmer names, the English
// one its Latin names, and a picker's filter finds a place typed in either script.
import type { Place } from "@contract/delivery-zones.ts";
import type { Locale } from "@/lib/i18n/index.ts";

export function placeName(place: Pick<Place, "name_en" | "name_km">, locale: Locale): string {
  return locale === "km" ? place.name_km : place.name_en;
}

/**
 * A name as the filter compares it: lower case, without spaces, apostrophes or hyphens (Siemreap,
 * "Siem Reap", "siem-reap"), and with the two ways of writing a subscript ta/da made one (ណ្ដ and ណ្ត
 * both occur in the gazetteer and on phones' keyboards).
 */
function searchable(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\s'’-]/g, "")
    .replaceAll("\u17D2\u178F", "\u17D2\u178A");
}

/** Whether the place's Latin or Khmer name holds what was typed (everything matches nothing typed). */
export function placeMatches(place: Pick<Place, "name_en" | "name_km">, typed: string): boolean {
  const wanted = searchable(typed);
  return !wanted || searchable(place.name_en).includes(wanted) || searchable(place.name_km).includes(wanted);
}

/** The places sorted by their name in the interface's script. */
export function byName<P extends Pick<Place, "name_en" | "name_km">>(places: P[], locale: Locale): P[] {
  return [...places].sort((a, b) => placeName(a, locale).localeCompare(placeName(b, locale), locale));
}
