// The business dashboard's prompt for a shop without a name (accounts made before signup asked,
// or through the API, which keeps the name optional): one field saved through PUT /auth/profile.
// The saved account replaces the cached one, so the prompt goes and the welcome names the shop.
import { useState, type FormEvent } from "react";
import { businessName } from "@contract/auth.ts";
import { failureMessage } from "@/lib/api-client.ts";
import { t } from "@/features/profile/i18n.ts";
import { Button, Card, TextField, useToast } from "@/components/ui/index.ts";
import { useUpdateProfile } from "@/features/profile/api/update-profile.ts";

export function ShopNamePrompt() {
  const toast = useToast();
  const { mutateAsync: save, isPending } = useUpdateProfile();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = businessName.safeParse(name);
    if (!parsed.success) {
      setError(name.trim() === "" ? t("shopName.required") : t("shopName.tooLong"));
      return;
    }
    setError(null);
    try {
      await save({ business_name: parsed.data });
      toast.success(t("shopName.saved"));
    } catch (failure) {
      setError(failureMessage(failure, t("shopName.failed")));
    }
  }

  return (
    <Card title={t("shopName.title")} className="shop-name-prompt">
      <form className="form" onSubmit={onSubmit} noValidate aria-label={t("shopName.title")}>
        <p className="muted-note">{t("shopName.body")}</p>
        <TextField
          label={t("profile.shopName")}
          name="business_name"
          autoComplete="organization"
          required
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={error}
        />
        <div>
          <Button type="submit" loading={isPending}>
            {t("shopName.submit")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
