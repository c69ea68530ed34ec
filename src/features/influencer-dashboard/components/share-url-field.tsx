// A link to share (a link card's short URL, the storefront's address): labelled, read-only, and
// selected whole on focus, so it can be copied by hand where Copy cannot.
import { useId } from "react";

export function ShareUrlField({ label, url }: { label: string; url: string }) {
  const id = useId();
  return (
    <div className="link-card__url">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        className="field__control link-card__url-input"
        readOnly
        value={url}
        onFocus={(event) => event.target.select()}
      />
    </div>
  );
}
