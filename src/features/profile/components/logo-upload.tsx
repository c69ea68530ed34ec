// Upload a logo file instead of pasting its URL: the file goes to POST /upload/image (as campaign
// images do) and its public URL fills the logo field, saved with the rest of the form. The server
// lets only approved businesses upload, so the button is offered to them alone.
import { useId, useState, type ChangeEvent } from "react";
import { failureMessage } from "@/lib/api-client.ts";
import { IMAGE_ACCEPT, imageFileProblem, uploadImages } from "@/lib/upload-images.ts";
import { LOGO_MAX_SIDE } from "@/lib/shrink-image.ts";
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
      const [uploaded] = await uploadImages([file], { maxSide: LOGO_MAX_SIDE });
      onUploaded(uploaded.url);
    } catch (error) {
      setProblem(failureMessage(error, t("profile.logoUpload.failed")));
    } finally {
      setBusy(false);
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
          {uploading ? t("profile.logoUpload.uploading") : t("profile.logoUpload.button")}
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
