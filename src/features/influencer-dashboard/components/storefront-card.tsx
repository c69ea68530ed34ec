// Your storefront (docs/api.md, "Storefronts"): the influencer's one link for a bio on TikTok,
// Facebook or Instagram, APP_URL/s/<handle>, showing the approved links they choose, in their order.
// First the store name, saved through PUT /auth/profile (store_handle; empty closes the store), with
// the server's refusal next to the field (taken, malformed). Once named: the store link with Copy,
// Open, its QR code on screen and Download QR Code. Then the products: every approved link with a
// "Show in storefront" checkbox, the shown ones in their order with Move up and Move down, saved
// with PUT /affiliate-links/storefront (the server's message in a toast, its refusal above Save).
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { profileUpdateSchema } from "@contract/auth.ts";
import type { AffiliateLink } from "@contract/links.ts";
import {
  Alert,
  Button,
  Card,
  CopyButton,
  Icon,
  LoadingState,
  RetryAlert,
  TextField,
  useToast,
} from "@/components/ui/index.ts";
import { buttonClass } from "@/components/ui/button.tsx";
import { failureMessage } from "@/lib/api-client.ts";
import { formatMoney } from "@/lib/format.ts";
import { tServer } from "@/lib/i18n/index.ts";
import type { ScreenState } from "@/lib/screen-state.ts";
import { useFieldErrors } from "@/lib/use-field-errors.ts";
import { t } from "@/features/influencer-dashboard/i18n.ts";
import { useMyLinks } from "@/features/influencer-dashboard/api/get-my-links.ts";
import { useStorefront } from "@/features/influencer-dashboard/api/get-storefront.ts";
import { useSetStorefront } from "@/features/influencer-dashboard/api/set-storefront.ts";
import { useUpdateStoreHandle } from "@/features/influencer-dashboard/api/update-store-handle.ts";
import { qrCodeSvgUrl, qrFileName } from "@/features/influencer-dashboard/utils/qr-code.ts";
import {
  choosableLinks,
  keepChoosable,
  moveChosen,
  sameOrder,
  toggleChosen,
} from "@/features/influencer-dashboard/utils/storefront-choice.ts";
import { linkState } from "./affiliate-link-card.tsx";
import { ShareUrlField } from "./share-url-field.tsx";
import { useQrDownload } from "./use-qr-download.ts";
import "./storefront-card.css";

const handleSchema = profileUpdateSchema.pick({ store_handle: true });
const HANDLE_FIELDS = ["store_handle"] as const;

export function StorefrontCard() {
  const settings = useStorefront();
  const links = useMyLinks();
  const data = settings.data;
  return (
    <Card title={t("influencer.store.title")} className="storefront-card">
      <p className="muted-note">{t("influencer.store.intro")}</p>
      {settings.error && (
        <RetryAlert onRetry={settings.refetch} retrying={settings.isFetching}>
          {settings.error}
        </RetryAlert>
      )}
      {settings.isLoading ? (
        <LoadingState />
      ) : (
        data && (
          <div className="storefront-card__parts">
            {/* A new saved name starts the field again from it (the server's lower-cased form). */}
            <HandleForm key={data.handle ?? ""} saved={data.handle} />
            {data.handle && data.url && <StoreLink handle={data.handle} url={data.url} />}
            <ProductPicker savedIds={data.link_ids} links={links} />
          </div>
        )
      )}
    </Card>
  );
}

/** The store name, after the address it completes. */
function HandleForm({ saved }: { saved: string | null }) {
  const toast = useToast();
  const { mutateAsync: save, isPending } = useUpdateStoreHandle();
  const [value, setValue] = useState(saved ?? "");
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, formRef, ...fieldErrors } = useFieldErrors(HANDLE_FIELDS);
  const dirty = value.trim() !== (saved ?? "");

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!dirty || isPending) return;
    setFailure(null);
    const parsed = handleSchema.safeParse({ store_handle: value });
    if (!parsed.success) {
      fieldErrors.fromSchema(parsed.error);
      return;
    }
    fieldErrors.show();
    try {
      const account = await save(parsed.data.store_handle ?? "");
      toast.success(t(account.store_handle ? "influencer.store.handleSaved" : "influencer.store.handleRemoved"));
    } catch (error) {
      if (!fieldErrors.fromServer(error)) setFailure(failureMessage(error, t("influencer.store.handleFailed")));
    }
  }

  return (
    <form ref={formRef} className="storefront-card__handle" onSubmit={onSubmit} noValidate>
      <TextField
        label={t("influencer.store.handle")}
        name="store_handle"
        prefix={`${window.location.host}/s/`}
        hint={t("influencer.store.handleHint")}
        error={errors.store_handle}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          fieldErrors.clear("store_handle");
        }}
        autoCapitalize="none"
        autoCorrect="off"
        autoComplete="off"
        spellCheck={false}
      />
      {failure && <Alert tone="danger">{failure}</Alert>}
      <div>
        <Button type="submit" loading={isPending} disabled={!dirty}>
          {t("influencer.store.saveHandle")}
        </Button>
      </div>
    </form>
  );
}

/** The store's address to share: Copy, Open, its QR code and Download QR Code. */
function StoreLink({ handle, url }: { handle: string; url: string }) {
  const qr = useQrImage(url);
  const qrDownload = useQrDownload();
  return (
    <div className="storefront-card__link">
      <ShareUrlField label={t("influencer.store.url")} url={url} />
      <div className="link-card__actions">
        <CopyButton text={url} label={t("influencer.store.url")} />
        <a className={buttonClass({ variant: "outline", size: "sm" })} href={url} target="_blank" rel="noreferrer">
          {t("influencer.store.open")}
          <span className="visually-hidden"> {t("common.opensInNewTab")}</span>
        </a>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void qrDownload.download(url, qrFileName(`store ${handle}`))}
          loading={qrDownload.downloading}
          icon={<Icon name="qr" size={18} />}
        >
          {t("influencer.links.downloadQr")}
        </Button>
      </div>
      {qr && (
        <img className="storefront-card__qr" src={qr} width={160} height={160} alt={t("influencer.store.qrAlt")} />
      )}
    </div>
  );
}

/** The QR code of `text` to show, once drawn (null meanwhile, or when it could not be). */
function useQrImage(text: string): string | null {
  const [image, setImage] = useState<{ text: string; src: string } | null>(null);
  useEffect(() => {
    let current = true;
    qrCodeSvgUrl(text).then(
      (src) => current && setImage({ text, src }),
      () => undefined, // no QR code on screen; Download QR Code says what failed
    );
    return () => {
      current = false;
    };
  }, [text]);
  return image?.text === text ? image.src : null;
}

interface ProductPickerProps {
  /** The links the storefront shows as saved, first first. */
  savedIds: string[];
  links: ScreenState<AffiliateLink[]>;
}

/** Which approved links the store shows, and in what order. */
function ProductPicker({ savedIds, links }: ProductPickerProps) {
  const toast = useToast();
  const save = useSetStorefront();
  const headingId = useId();
  const [draft, setDraft] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  // A row moves between the lists, or within one, when its control is used: focus follows it.
  const focusNext = useRef<string | null>(null);
  const rows = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const selectors = focusNext.current?.split("|") ?? [];
    focusNext.current = null;
    const target = selectors
      .map((selector) => rows.current?.querySelector<HTMLInputElement | HTMLButtonElement>(selector))
      .find((control) => control && !control.disabled);
    target?.focus();
  });

  const choosable = choosableLinks(links.data ?? []);
  const saved = keepChoosable(savedIds, choosable);
  const chosen = draft ? keepChoosable(draft, choosable) : saved;
  const byId = new Map(choosable.map((link) => [link.id, link]));
  const shown = chosen.map((id) => byId.get(id)!);
  const hidden = choosable.filter((link) => !chosen.includes(link.id));

  function toggle(link: AffiliateLink, show: boolean) {
    setDraft(toggleChosen(chosen, link.id, show));
    setAnnouncement("");
    focusNext.current = `[data-toggle="${link.id}"]`;
  }

  function move(link: AffiliateLink, step: -1 | 1) {
    const next = moveChosen(chosen, link.id, step);
    setDraft(next);
    setAnnouncement(
      t("influencer.store.moved", { product: link.campaign_name, n: next.indexOf(link.id) + 1, count: next.length }),
    );
    focusNext.current = `[data-move="${link.id}:${step}"]|[data-move="${link.id}:${-step}"]`;
  }

  async function onSave() {
    setFailure(null);
    try {
      const answer = await save.mutateAsync(chosen);
      setDraft(null);
      toast.success(tServer(answer.message));
    } catch (error) {
      setFailure(failureMessage(error, t("influencer.store.saveFailed")));
    }
  }

  let content: ReactNode;
  if (links.isLoading) content = <LoadingState />;
  else if (!links.data) content = <Alert tone="warning">{links.error}</Alert>;
  else if (choosable.length === 0) content = <p className="muted-note">{t("influencer.store.noLinks")}</p>;
  else
    content = (
      <div ref={rows} className="storefront-card__rows">
        <h4 className="storefront-card__list-title">{t("influencer.store.shown")}</h4>
        {shown.length === 0 ? (
          <p className="muted-note">{t("influencer.store.noneShown")}</p>
        ) : (
          <ol className="storefront-picks" aria-label={t("influencer.store.shown")}>
            {shown.map((link, index) => (
              <PickRow key={link.id} link={link} position={index + 1} onToggle={toggle}>
                <Button
                  variant="outline"
                  className="storefront-pick__move"
                  aria-label={t("influencer.store.moveUp", { product: link.campaign_name })}
                  data-move={`${link.id}:-1`}
                  disabled={index === 0}
                  onClick={() => move(link, -1)}
                  icon={<Icon name="arrowUp" size={20} />}
                />
                <Button
                  variant="outline"
                  className="storefront-pick__move"
                  aria-label={t("influencer.store.moveDown", { product: link.campaign_name })}
                  data-move={`${link.id}:1`}
                  disabled={index === shown.length - 1}
                  onClick={() => move(link, 1)}
                  icon={<Icon name="arrowDown" size={20} />}
                />
              </PickRow>
            ))}
          </ol>
        )}
        {hidden.length > 0 && (
          <>
            <h4 className="storefront-card__list-title">{t("influencer.store.hidden")}</h4>
            <ul className="storefront-picks" aria-label={t("influencer.store.hidden")}>
              {hidden.map((link) => (
                <PickRow key={link.id} link={link} onToggle={toggle} />
              ))}
            </ul>
          </>
        )}
        {failure && <Alert tone="danger">{failure}</Alert>}
        <div>
          <Button onClick={onSave} loading={save.isPending} disabled={sameOrder(chosen, saved)}>
            {t("influencer.store.save")}
          </Button>
        </div>
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
      </div>
    );

  return (
    <section className="storefront-card__products" aria-labelledby={headingId}>
      <h3 id={headingId} className="storefront-card__title">
        {t("influencer.store.products")}
      </h3>
      <p className="muted-note">{t("influencer.store.productsHint")}</p>
      {content}
    </section>
  );
}

interface PickRowProps {
  link: AffiliateLink;
  /** Its place in the storefront (1 first), when shown. */
  position?: number;
  onToggle: (link: AffiliateLink, show: boolean) => void;
  /** The row's move buttons, when shown. */
  children?: ReactNode;
}

function PickRow({ link, position, onToggle, children }: PickRowProps) {
  const name = link.campaign_name;
  return (
    <li className="storefront-pick">
      <div className="storefront-pick__product">
        {position !== undefined && (
          <span className="storefront-pick__position" aria-hidden="true">
            {position}
          </span>
        )}
        <span className="storefront-pick__name">{name}</span>
        <span className="storefront-pick__price">{formatMoney(link.campaign_price_cents)}</span>
      </div>
      {linkState(link) === "inactive" && <p className="storefront-pick__note">{t("influencer.store.closed")}</p>}
      <div className="storefront-pick__controls">
        <label className="storefront-pick__toggle">
          <input
            type="checkbox"
            checked={position !== undefined}
            data-toggle={link.id}
            aria-label={t("influencer.store.showLabel", { product: name })}
            onChange={(event) => onToggle(link, event.target.checked)}
          />
          <span>{t("influencer.store.show")}</span>
        </label>
        {children}
      </div>
    </li>
  );
}
