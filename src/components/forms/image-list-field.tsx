// Product images as a list of URLs (docs/product.md, "Product images"): typed or pasted URLs, and/or
// uploaded files, each with a preview. Chosen files go up one after another, each on its own call
// (a cheap phone resizes one 12-megapixel photo at a time); each shows its progress with a cancel
// button, and a failed one says why with a retry, while the rest of the form stays usable. Used by
// the campaign screen (creating and editing).
import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { failureMessage } from "@/lib/api-client.ts";
import { cx } from "@/lib/class-names.ts";
import { t } from "@/lib/i18n/index.ts";
import { IMAGE_ACCEPT, imageFileProblem, uploadImage, type UploadProgress } from "@/lib/upload-images.ts";
import { Alert, Button, ProductImage, TextField } from "@/components/ui/index.ts";

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

/** A chosen file on its way: waiting its turn, being resized or sent, or failed (with why). */
interface Upload {
  key: number;
  file: File;
  progress: UploadProgress | { stage: "waiting" } | { stage: "failed"; message: string };
  controller: AbortController;
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
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [uploadError, setUploadError] = useState<{ message: string; detail: string | null } | null>(null);
  const rows = urls.length > 0 ? urls : [""];
  const filled = rows.filter((url) => url.trim()).length;
  // The uploads as the queue below sees them (the state is its copy for rendering), and the rows
  // and callbacks as they are when an upload ends, renders after it began.
  const queue = useRef<Upload[]>([]);
  const pumping = useRef(false);
  const nextKey = useRef(0);
  const latest = useRef({ rows, onChange, onUploadingChange });
  useEffect(() => {
    latest.current = { rows, onChange, onUploadingChange };
  });
  // Leaving the screen stops whatever is on its way.
  useEffect(() => {
    const uploadsOnLeave = queue;
    return () => uploadsOnLeave.current.forEach((upload) => upload.controller.abort());
  }, []);

  function publish(next: Upload[]) {
    const wasBusy = queue.current.some((upload) => upload.progress.stage !== "failed");
    queue.current = next;
    setUploads(next);
    const busy = next.some((upload) => upload.progress.stage !== "failed");
    if (busy !== wasBusy) latest.current.onUploadingChange?.(busy);
  }
  const setProgress = (key: number, progress: Upload["progress"]) =>
    publish(queue.current.map((upload) => (upload.key === key ? { ...upload, progress } : upload)));
  const drop = (key: number) => publish(queue.current.filter((upload) => upload.key !== key));

  /** Sends the waiting files one after another until none is left. */
  async function pump() {
    if (pumping.current) return;
    pumping.current = true;
    try {
      for (;;) {
        const upload = queue.current.find((item) => item.progress.stage === "waiting");
        if (!upload) return;
        const { key, file, controller } = upload;
        setProgress(key, { stage: "preparing" });
        try {
          const image = await uploadImage(file, {
            signal: controller.signal,
            onProgress: (progress) => {
              if (!controller.signal.aborted) setProgress(key, progress);
            },
          });
          drop(key);
          // Kept here too: the next upload may end before the screen renders these rows.
          const rowsNow = withUploadedUrls(latest.current.rows, [image.url]);
          latest.current = { ...latest.current, rows: rowsNow };
          latest.current.onChange(rowsNow);
        } catch (failure) {
          // Cancelled: already gone from the list.
          if (!controller.signal.aborted) {
            setProgress(key, { stage: "failed", message: failureMessage(failure, t("images.uploadFailed")) });
          }
        }
      }
    } finally {
      pumping.current = false;
    }
  }

  const cancel = (upload: Upload) => {
    upload.controller.abort();
    drop(upload.key);
  };
  const retry = (upload: Upload) => {
    publish(
      queue.current.map((item) =>
        item.key === upload.key ? { ...item, progress: { stage: "waiting" }, controller: new AbortController() } : item,
      ),
    );
    void pump();
  };

  const setRow = (index: number, value: string) => onChange(rows.map((url, i) => (i === index ? value : url)));
  const removeRow = (index: number) => {
    const next = rows.filter((_url, i) => i !== index);
    onChange(next.length > 0 ? next : [""]);
  };
  const addRow = () => onChange([...rows, ""]);

  function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = "";
    if (files.length === 0) return;
    setUploadError(null);
    if (filled + uploads.length + files.length > max) {
      setUploadError({ message: t("images.max", { max }), detail: null });
      return;
    }
    if (files.some((file) => imageFileProblem(file) !== null)) {
      setUploadError({ message: t("images.uploadFailed"), detail: t("images.fileRules") });
      return;
    }
    publish([
      ...queue.current,
      ...files.map((file) => ({
        key: nextKey.current++,
        file,
        progress: { stage: "waiting" } as const,
        controller: new AbortController(),
      })),
    ]);
    void pump();
  }

  const full = filled + uploads.length >= max;

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
              disabled={disabled || full}
            />
            <label
              htmlFor={fileInputId}
              className={cx("btn btn--secondary btn--sm", (disabled || full) && "is-disabled")}
            >
              {t("images.upload")}
            </label>
          </span>
        )}
      </div>
      {uploads.length > 0 && (
        <ul className="upload-list" aria-label={t("images.uploads")}>
          {uploads.map((upload) => (
            <UploadRow key={upload.key} upload={upload} onCancel={cancel} onRetry={retry} />
          ))}
        </ul>
      )}
      {uploadError && (
        <Alert tone="danger" title={uploadError.message}>
          {uploadError.detail}
        </Alert>
      )}
    </fieldset>
  );
}

function UploadRow({
  upload,
  onCancel,
  onRetry,
}: {
  upload: Upload;
  onCancel: (upload: Upload) => void;
  onRetry: (upload: Upload) => void;
}) {
  const { progress, file } = upload;
  const hiddenName = <span className="visually-hidden"> {file.name}</span>;
  if (progress.stage === "failed") {
    return (
      <li className="upload-item upload-item--failed">
        <span className="upload-item__name">{file.name}</span>
        <span className="upload-item__status" role="alert">
          {progress.message}
        </span>
        <span className="upload-item__actions">
          <Button variant="outline" size="sm" onClick={() => onRetry(upload)}>
            {t("images.retry")}
            {hiddenName}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onCancel(upload)}>
            {t("images.remove")}
            {hiddenName}
          </Button>
        </span>
      </li>
    );
  }
  const percent = progress.stage === "sending" ? Math.round(progress.sent * 100) : null;
  const status =
    progress.stage === "waiting"
      ? t("images.waiting")
      : progress.stage === "preparing"
        ? t("images.preparing")
        : percent === 100
          ? t("images.saving")
          : t("images.sent", { percent: percent ?? 0 });
  return (
    <li className="upload-item">
      <span className="upload-item__name">{file.name}</span>
      <progress
        className="upload-item__bar"
        max={100}
        value={percent ?? undefined}
        aria-label={`${file.name}: ${status}`}
      />
      <span className="upload-item__status" aria-live="polite">
        {status}
      </span>
      <span className="upload-item__actions">
        <Button variant="ghost" size="sm" onClick={() => onCancel(upload)}>
          {t("images.cancel")}
          {hiddenName}
        </Button>
      </span>
    </li>
  );
}
