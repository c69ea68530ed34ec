// The profile card (docs/product.md, "Screens"; docs/api.md, "PUT /auth/profile"). A business edits
// its shop name, its logo URL (pasted or uploaded, with a live preview that falls back to 'No
// Image') and bank details under 'Business Profile'; an influencer edits their own phone and the
// bank details under 'Bank Account Information'. Both may save the KHQR of their bank app's
// "Receive" code: pasted, or read from a photo of it (jsQR, in the browser); the server checks it.
// 'Update Profile' is disabled while nothing changed (trimmed values against the saved ones) or
// while saving, and sends only the changed fields through PUT /auth/profile. A failure keeps
// everything typed and shows the fixed message, with the server's message next to the field it
// names (docs/product.md, "When something fails").
import { useId, useState, type ChangeEvent, type FormEvent } from "react";
import { profileUpdateSchema, type User } from "@contract/auth.ts";
import { failureMessage } from "@/lib/api-client.ts";
import { t } from "@/features/profile/i18n.ts";
import { useFieldErrors } from "@/lib/use-field-errors.ts";
import { Alert, Button, Card, ProductImage, TextAreaField, TextField, useToast } from "@/components/ui/index.ts";
import { useUpdateProfile } from "@/features/profile/api/update-profile.ts";
import {
  changedFields,
  editableFields,
  mergeNewer,
  sameValues,
  valuesFrom,
  type ProfileField,
  type ProfileValues,
} from "@/features/profile/utils/profile-values.ts";
import { decodeQrPixels, imageFilePixels } from "@/features/profile/utils/read-qr-image.ts";
import { LogoUpload } from "./logo-upload.tsx";
import "./profile.css";

interface ProfileFormProps {
  /** The account as shown; a save puts the saved one in the cache, which passes it back in. */
  user: User;
}

export function ProfileForm({ user }: ProfileFormProps) {
  const toast = useToast();
  const { mutateAsync: save, isPending } = useUpdateProfile();
  const isBusiness = user.user_type === "business";
  const fields = editableFields(user.user_type);

  const incoming = valuesFrom(user);
  // `seen`: the account as last passed in; `saved`: the values the server holds, as far as we know.
  const [seen, setSeen] = useState<ProfileValues>(incoming);
  const [saved, setSaved] = useState<ProfileValues>(incoming);
  const [values, setValues] = useState<ProfileValues>(incoming);
  const { errors, formRef, ...fieldErrors } = useFieldErrors(fields);
  const [failure, setFailure] = useState<string | null>(null);
  const [failureDetail, setFailureDetail] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  // A newer copy of the account (a live refetch): untouched fields take it, edits are kept.
  if (!sameValues(incoming, seen)) {
    setSeen(incoming);
    setSaved(incoming);
    setValues(mergeNewer(values, saved, incoming));
  }

  const photoId = useId();
  const [photo, setPhoto] = useState<{ reading: boolean; note: string | null; failed: boolean }>({
    reading: false,
    note: null,
    failed: false,
  });

  const changes = changedFields(values, saved, fields);
  const dirty = Object.keys(changes).length > 0;

  const update = (field: ProfileField) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    fieldErrors.clear(field);
  };

  async function onPhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setPhoto({ reading: true, note: null, failed: false });
    let text: string | null = null;
    try {
      text = decodeQrPixels(await imageFilePixels(file));
    } catch {
      text = null;
    }
    if (text === null) {
      setPhoto({ reading: false, note: t("profile.khqrPhotoNone"), failed: true });
      return;
    }
    setValues((current) => ({ ...current, khqr: text }));
    fieldErrors.clear("khqr");
    setPhoto({ reading: false, note: t("profile.khqrPhotoRead"), failed: false });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!dirty || isPending) return;
    setFailure(null);
    setFailureDetail(null);
    const parsed = profileUpdateSchema.safeParse(changes);
    if (!parsed.success) {
      fieldErrors.fromSchema(parsed.error);
      return;
    }
    fieldErrors.show();
    const submitted = values;
    try {
      const account = await save(parsed.data);
      const nowSaved = valuesFrom(account);
      setSaved(nowSaved);
      // What was sent becomes the saved value; anything typed while saving is kept.
      setValues((current) => mergeNewer(current, submitted, nowSaved));
      toast.success(t("profile.saved"));
    } catch (error) {
      setFailure(isBusiness ? t("profile.failed.business") : t("profile.failed.influencer"));
      if (!fieldErrors.fromServer(error)) setFailureDetail(failureMessage(error, "") || null);
    }
  }

  const bankFields = (
    <>
      <TextField
        label={t("profile.bankName")}
        name="bank_name"
        autoComplete="off"
        placeholder={t("profile.bankNamePlaceholder")}
        maxLength={100}
        value={values.bank_name}
        onChange={update("bank_name")}
        error={errors.bank_name}
      />
      <TextField
        label={t("profile.accountName")}
        name="account_name"
        autoComplete="off"
        hint={t("profile.accountNameHint")}
        maxLength={120}
        value={values.account_name}
        onChange={update("account_name")}
        error={errors.account_name}
      />
      <TextField
        label={t("profile.accountNumber")}
        name="account_number"
        autoComplete="off"
        inputMode="numeric"
        hint={t("profile.accountNumberHint")}
        maxLength={30}
        value={values.account_number}
        onChange={update("account_number")}
        error={errors.account_number}
      />
      <p className="muted-note profile-form__bank-hint">{t("profile.bankHint")}</p>
      <TextAreaField
        label={t("profile.khqr")}
        name="khqr"
        rows={3}
        autoComplete="off"
        spellCheck={false}
        hint={t("profile.khqrHint")}
        maxLength={512}
        value={values.khqr}
        onChange={update("khqr")}
        error={errors.khqr}
        className="profile-form__khqr"
      />
      <div className="profile-khqr-photo">
        <span className="file-button">
          <input
            id={photoId}
            type="file"
            accept="image/*"
            className="file-button__input"
            onChange={(event) => void onPhoto(event)}
            disabled={photo.reading}
          />
          <label htmlFor={photoId} className="btn btn--outline btn--sm">
            {photo.reading ? t("profile.khqrPhotoReading") : t("profile.khqrPhoto")}
          </label>
        </span>
        {photo.note && (
          <p className={photo.failed ? "field__error" : "muted-note"} role={photo.failed ? "alert" : "status"}>
            {photo.note}
          </p>
        )}
      </div>
      <p className="muted-note profile-form__snapshot-note">{t("profile.bankSnapshotNote")}</p>
    </>
  );

  const title = isBusiness ? t("profile.card.business") : t("profile.card.influencer");
  return (
    <Card title={title} className="profile-card">
      <form className="form" onSubmit={onSubmit} noValidate ref={formRef} aria-label={title}>
        {isBusiness && (
          <TextField
            label={t("profile.shopName")}
            name="business_name"
            autoComplete="organization"
            hint={t("profile.shopNameHint")}
            maxLength={100}
            value={values.business_name}
            onChange={update("business_name")}
            error={errors.business_name}
          />
        )}
        {isBusiness && (
          <div className="profile-logo">
            <ProductImage
              url={values.business_logo_url}
              alt={t("profile.logoPreview")}
              size="thumb"
              className="profile-logo__preview"
            />
            <TextField
              label={t("profile.logoUrl")}
              type="url"
              name="business_logo_url"
              inputMode="url"
              placeholder={t("profile.logoUrlPlaceholder")}
              hint={t("profile.logoUrlHint")}
              maxLength={500}
              value={values.business_logo_url}
              onChange={update("business_logo_url")}
              error={errors.business_logo_url}
            />
            {user.status === "approved" && (
              <LogoUpload
                onUploaded={(url) => update("business_logo_url")({ target: { value: url } })}
                onUploadingChange={setUploading}
              />
            )}
          </div>
        )}
        {!isBusiness && (
          <TextField
            label={t("profile.phone")}
            type="tel"
            name="phone"
            autoComplete="tel-national"
            inputMode="tel"
            placeholder="012 345 678"
            hint={t("profile.phoneHint")}
            maxLength={20}
            value={values.phone}
            onChange={update("phone")}
            error={errors.phone}
          />
        )}
        {isBusiness ? (
          <fieldset className="form-fieldset">
            <legend className="form-fieldset__legend">{t("profile.bankLegend")}</legend>
            {bankFields}
          </fieldset>
        ) : (
          bankFields
        )}
        {failure && (
          <Alert tone="danger" title={failure}>
            {failureDetail}
          </Alert>
        )}
        <div>
          <Button type="submit" loading={isPending} disabled={!dirty || uploading}>
            {isPending ? t("profile.submitting") : t("profile.submit")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
