// Product images as a list of URLs (docs/product.md, "Product images"): typed or pasted URLs, and/or uploaded files (one
// file to the single upload call, several to the multi-upload call), each with a preview. Used by
// the campaign screen (creating and editing).
import { useId, useState, type ChangeEvent } from "react";
import { serverMessage } from "@/lib/api-client.ts";
import { cx } from "@/lib/class-names.ts";
import { t } from "@/lib/i18n/index.ts";
import { IMAGE_ACCEPT, imageFileProblem, uploadImages } from "@/lib/upload-images.ts";
import { Alert, Button, ProductImage, Spinner, TextField } from "@/components/ui/index.ts";

interface ImageListFieldProps {
  /** Group label, e.g. "Product images". */
  label: string;
  urls: readonly string[];
  onChange: (urls: string[]) => void;
  /** At most this many images (5 on the campaign screen). */
  max: number;
  /** The first URL is required. */
  required?: boolean;
  /** Offer file uploads besides URLs. */
  allowUpload?: boolean;
  /** A message for the whole list (e.g. 'Please add at least one product image'). */
  error?: string | null;
  /** Per-row messages (e.g. an invalid URL), by index. */
  rowErrors?: readonly (string | null | undefined)[];
  onUploadingChange?: (uploading: boolean) => void;
  disabled?: boolean;
}

/** Puts uploaded URLs into empty rows first, then after the last row. */
export function withUploadedUrls(urls: readonly string[], uploaded: readonly string[]): string[] {
  const next = [...urls];
  const queue = [...uploaded];
  for (let i = 0; i < next.length && queue.length > 0; i++) {
    if (!next[i].trim()) next[i] = queue.shift()!;
  }
  return [...next, ...queue];
}

export function ImageListField({
  label,
  urls,
  onChange,
  max,
  required,
  allowUpload = true,
  error,
  rowErrors,
  onUploadingChange,
  disabled,
}: ImageListFieldProps) {
  const groupId = useId();
  const fileInputId = useId();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<{ message: string; detail: string | null } | null>(null);
  const rows = urls.length > 0 ? urls : [""];
  const filled = rows.filter((url) => url.trim()).length;

  const setRow = (index: number, value: string) => onChange(rows.map((url, i) => (i === index ? value : url)));
  const removeRow = (index: number) => {
    const next = rows.filter((_url, i) => i !== index);
    onChange(next.length > 0 ? next : [""]);
  };
  const addRow = () => onChange([...rows, ""]);

  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = "";
    if (files.length === 0) return;
    setUploadError(null);
    if (filled + files.length > max) {
      setUploadError({ message: t("images.max", { max }), detail: null });
      return;
    }
    if (files.some((file) => imageFileProblem(file) !== null)) {
      setUploadError({ message: t("images.uploadFailed"), detail: t("images.fileRules") });
      return;
    }
    setUploading(true);
    onUploadingChange?.(true);
    try {
      const uploaded = await uploadImages(files);
      onChange(
        withUploadedUrls(
          rows,
          uploaded.map((image) => image.url),
        ),
      );
    } catch (failure) {
      setUploadError({ message: t("images.uploadFailed"), detail: serverMessage(failure) });
    } finally {
      setUploading(false);
      onUploadingChange?.(false);
    }
  }

  return (
    <fieldset
      className={cx("image-list", error && "image-list--invalid")}
      aria-describedby={`${groupId}-hint${error ? ` ${groupId}-error` : ""}`}
      disabled={disabled}
    >
      <legend className="field__label">
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {" *"}
          </span>
        )}
      </legend>
      <p className="field__hint" id={`${groupId}-hint`}>
        {allowUpload ? t("images.hintUpload", { max }) : t("images.hintUrls", { max })}
      </p>
      <ol className="image-list__rows">
        {rows.map((url, index) => (
          <li className="image-list__row" key={index}>
            <ProductImage url={url} alt={t("images.preview", { n: index + 1 })} size="thumb" />
            <div className="image-list__input">
              <TextField
                label={t("images.urlLabel", { n: index + 1 })}
                type="url"
                inputMode="url"
                placeholder="https://"
                required={required && index === 0}
                value={url}
                onChange={(event) => setRow(index, event.target.value)}
                error={rowErrors?.[index] ?? null}
              />
            </div>
            {rows.length > 1 && (
              <Button variant="ghost" size="sm" className="image-list__remove" onClick={() => removeRow(index)}>
                {t("images.remove")}
                <span className="visually-hidden"> {t("images.urlLabel", { n: index + 1 })}</span>
              </Button>
            )}
          </li>
        ))}
      </ol>
      {error && (
        <p className="field__error" id={`${groupId}-error`} role="alert">
          {error}
        </p>
      )}
      <div className="image-list__actions">
        {rows.length < max && (
          <Button variant="outline" size="sm" onClick={addRow}>
            {t("images.addUrl")}
          </Button>
        )}
        {allowUpload && (
          <span className="file-button">
            <input
              id={fileInputId}
              type="file"
              accept={IMAGE_ACCEPT}
              multiple
              className="file-button__input"
              onChange={onFiles}
              disabled={disabled || uploading || filled >= max}
            />
            <label
              htmlFor={fileInputId}
              className={cx("btn btn--secondary btn--sm", (disabled || uploading || filled >= max) && "is-disabled")}
            >
              {uploading ? <Spinner size="sm" /> : null}
              {uploading ? t("images.uploading") : t("images.upload")}
            </label>
          </span>
        )}
      </div>
      {uploading && (
        <p className="visually-hidden" role="status">
          {t("images.uploading")}
        </p>
      )}
      {uploadError && (
        <Alert tone="danger" title={uploadError.message}>
          {uploadError.detail}
        </Alert>
      )}
    </fieldset>
  );
}
