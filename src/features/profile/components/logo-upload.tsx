// Upload a logo file instead of pasting its URL: the file is made a square of 256 px with its
// smaller size (prepare-image.ts), goes to POST /upload/image (as campaign images do) showing how
// much has gone, and its public URL fills the logo field, saved with the rest of the form. The
// server lets only approved businesses upload, so the button is offered to them alone.
import { useId, useState, type ChangeEvent } from "react";
import { failureMessage } from "@/lib/api-client.ts";
import { IMAGE_ACCEPT, imageFileProblem, uploadImage } from "@/lib/upload-images.ts";
import { t } from "@/features/profile/i18n.ts";
import { cx } from "@/lib/class-names.ts";
import { Spinner } from "@/components/ui/index.ts";

interface LogoUploadProps {
  onUploaded: (url: string) => void;
  onUploadingChange?: (uploading: boolean) => void;
}

export function LogoUpload({ onUploaded, onUploadingChange }: LogoUploadProps) {
  const inputId = useId();
  const [uploading, setUploading] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  function setBusy(busy: boolean) {
    setUploading(busy);
    onUploadingChange?.(busy);
  }

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const fileProblem = imageFileProblem(file);
    if (fileProblem) {
      setProblem(fileProblem === "type" ? t("profile.logoUpload.type") : t("profile.logoUpload.size"));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const uploaded = await uploadImage(file, {
        kind: "logo",
        onProgress: (progress) => setPercent(progress.stage === "sending" ? Math.round(progress.sent * 100) : null),
      });
      onUploaded(uploaded.url);
    } catch (error) {
      setProblem(failureMessage(error, t("profile.logoUpload.failed")));
    } finally {
      setBusy(false);
      setPercent(null);
    }
  }

  return (
    <div className="logo-upload">
      {/* A real file input under its label (styled as a button), as the campaign image field does. */}
      <span className="file-button">
        <input
          id={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          className="file-button__input"
          onChange={onChange}
          disabled={uploading}
        />
        <label htmlFor={inputId} className={cx("btn btn--secondary btn--sm", uploading && "is-disabled")}>
          {uploading ? <Spinner size="sm" /> : null}
          {uploading
            ? `${t("profile.logoUpload.uploading")}${percent === null ? "" : ` ${percent}%`}`
            : t("profile.logoUpload.button")}
        </label>
      </span>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
