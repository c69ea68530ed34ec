// The texts the bot sends, in English or Khmer: the chat's language, chosen by the app's language
// when the chat was linked (and switchable per chat). Plain text (no parse_mode), so a product
// name with * or < cannot break the message. A new order's text holds who receives it and where
// (the shop packs it), never the customer's phone: the outbox payload does not carry it to begin with.

import type { CancellationReason, OrderStatus, TelegramLanguage } from "../contract/statuses.ts";

/** The language of a chat's notices (public.telegram_language). */
export type ChatLanguage = TelegramLanguage;

export interface NewOrderNotice {
  order_number: string;
  product_name: string;
  quantity: number;
  total_cents: number;
  /** The place's Latin names; notices queued before the gazetteer had no province nor Khmer names. */
  province?: string;
  district: string;
  commune: string;
  province_km?: string;
  district_km?: string;
  commune_km?: string;
  /** The influencer's commission: on the notice to the influencer, which has no recipient nor address. */
  commission_cents?: number;
  /** Who receives it and where (null on notices queued before the checkout asked). */
  recipient_name?: string | null;
  address_line?: string | null;
  landmark?: string | null;
  delivery_note?: string | null;
}

/** The notice's lines that have a value: a label and the value. */
function lines(rows: [label: string, value: string | number | null | undefined][]): string {
  return rows
    .filter(([, value]) => value !== null && value !== undefined && value !== "")
    .map(([label, value]) => `${label}${value}`)
    .join("\n");
}

export interface PayoutNotice {
  amount_cents: number;
  aba_reference: string | null;
}

export interface SignupNotice {
  user_type: string;
  /** The shop's or the person's name, when the sign-up gave one. */
  name: string | null;
  email: string;
}

/** An order a customer follows moved (private.queue_telegram_order_status). */
export interface OrderStatusNotice {
  order_number: string;
  product_name: string;
  status: OrderStatus;
  cancellation_reason: CancellationReason | null;
}

/** An order through an influencer's link was delivered, or refused or unreachable at the door. */
export interface OrderOutcomeNotice {
  order_number: string;
  product_name: string;
  status: OrderStatus;
  cancellation_reason: CancellationReason | null;
  commission_cents: number;
  /** Its commission waits for the courier's cash (release_after_remittance). */
  awaiting_cash: boolean;
}

/** The courier handed over an order's cash: the influencer's commission now only waits for the hold. */
export interface CashRemittedNotice {
  order_number: string;
  product_name: string;
  commission_cents: number;
  /** The day (Phnom Penh) the holding period releases it, YYYY-MM-DD. */
  available_from: string;
}

/** The admins' daily list of couriers holding a delivery's cash longer than remit_days. */
export interface CourierCashReminderNotice {
  remit_days: number;
  couriers: { name: string; phone: string; orders: number; oldest_days: number; cash_held_cents: number }[];
}

/** Meta no longer accepts an influencer's Instagram account or Facebook Page (its token was refused). */
export interface ConnectionRefusedNotice {
  platform: "instagram" | "facebook";
  /** The @username, or the Page's name. */
  name: string;
}

export type Notice =
  | { kind: "new_order"; payload: NewOrderNotice }
  | { kind: "connection_refused"; payload: ConnectionRefusedNotice }
  | { kind: "order_outcome"; payload: OrderOutcomeNotice }
  | { kind: "cash_remitted"; payload: CashRemittedNotice }
  | { kind: "courier_cash_reminder"; payload: CourierCashReminderNotice }
  | { kind: "payout_completed"; payload: PayoutNotice }
  | { kind: "new_signup"; payload: SignupNotice }
  | { kind: "order_status"; payload: OrderStatusNotice };

/** Where an order is, in the customer's words (as its page says it). */
const ORDER_STATUS_WORDS: Record<ChatLanguage, Record<OrderStatus, string>> = {
  en: {
    new_order: "Received: the shop is preparing it",
    ready_for_pickup: "Packed: waiting for the courier",
    out_for_delivery: "On its way to you",
    delivered: "Delivered",
    cancelled: "Cancelled",
  },
  km: {
    new_order: "បានទទួល៖ ហាងកំពុងរៀបចំ",
    ready_for_pickup: "បានវេចខ្ចប់៖ កំពុងរង់ចាំអ្នកដឹក",
    out_for_delivery: "កំពុងដឹកមករកអ្នក",
    delivered: "បានដឹកជូនរួច",
    cancelled: "បានលុបចោល",
  },
};

/** The customer's own cancellation is said as theirs; any other reason is the shop's business. */
function orderStatusLine(status: OrderStatus, reason: CancellationReason | null, language: ChatLanguage): string {
  if (status === "cancelled" && reason === "customer_cancelled") {
    return language === "km" ? "អ្នកបានលុបចោលការបញ្ជាទិញនេះ" : "You cancelled this order";
  }
  return ORDER_STATUS_WORDS[language][status];
}

/** $1,234.50 from cents, the same in both languages (prices are in US dollars). */
export function dollars(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}$${whole}.${String(abs % 100).padStart(2, "0")}`;
}

const ROLE_NAMES: Record<ChatLanguage, Record<string, string>> = {
  en: { business: "business", influencer: "influencer" },
  km: { business: "អាជីវកម្ម", influencer: "អ្នកផ្សព្វផ្សាយ" },
};

export function noticeText(notice: Notice, language: ChatLanguage): string {
  const km = language === "km";
  switch (notice.kind) {
    case "new_order": {
      const o = notice.payload;
      return km
        ? `🛒 ការបញ្ជាទិញថ្មី ${o.order_number}\n` +
            lines([
              ["ផលិតផល៖ ", o.product_name],
              ["ចំនួន៖ ", o.quantity],
              ["សរុប៖ ", dollars(o.total_cents)],
              ["កម្រៃជើងសារបស់អ្នក៖ ", o.commission_cents === undefined ? null : dollars(o.commission_cents)],
              ["អ្នកទទួល៖ ", o.recipient_name],
              ["អាសយដ្ឋាន៖ ", o.address_line],
              ["សម្គាល់ទីតាំង៖ ", o.landmark],
              ["សង្កាត់/ឃុំ៖ ", o.commune_km ?? o.commune],
              ["ខណ្ឌ/ស្រុក៖ ", o.district_km ?? o.district],
              ["រាជធានី/ខេត្ត៖ ", o.province_km ?? o.province],
              ["កំណត់ចំណាំ៖ ", o.delivery_note],
            ])
        : `🛒 New order ${o.order_number}\n` +
            lines([
              ["Product: ", o.product_name],
              ["Quantity: ", o.quantity],
              ["Total: ", dollars(o.total_cents)],
              ["Your commission: ", o.commission_cents === undefined ? null : dollars(o.commission_cents)],
              ["Recipient: ", o.recipient_name],
              ["Address: ", o.address_line],
              ["Landmark: ", o.landmark],
              ["Commune: ", o.commune],
              ["District: ", o.district],
              ["Province: ", o.province],
              ["Note: ", o.delivery_note],
            ]);
    }
    case "payout_completed": {
      const p = notice.payload;
      const reference = p.aba_reference ?? "-";
      return km
        ? `💸 ការទូទាត់ ${dollars(p.amount_cents)} ត្រូវបានផ្ទេររួច។ លេខយោង ABA៖ ${reference}`
        : `💸 Your payout of ${dollars(p.amount_cents)} was sent. ABA reference: ${reference}`;
    }
    case "order_status": {
      const o = notice.payload;
      const line = orderStatusLine(o.status, o.cancellation_reason, language);
      return km
        ? `📦 ការបញ្ជាទិញ ${o.order_number} (${o.product_name})៖ ${line}`
        : `📦 Order ${o.order_number} (${o.product_name}): ${line}`;
    }
    case "order_outcome": {
      const o = notice.payload;
      const commission = dollars(o.commission_cents);
      if (o.status === "delivered") {
        const wait = o.awaiting_cash
          ? km
            ? " វានឹងអាចដកបាន នៅពេលអ្នកដឹកប្រគល់សាច់ប្រាក់ ហើយរយៈពេលរង់ចាំកន្លងផុត។"
            : " It becomes available once the courier hands over the cash and the holding period has passed."
          : km
            ? " វានឹងអាចដកបាន នៅពេលរយៈពេលរង់ចាំកន្លងផុត។"
            : " It becomes available once the holding period has passed.";
        return km
          ? `✅ ការបញ្ជាទិញ ${o.order_number} (${o.product_name}) បានដឹកជូនរួច។ កម្រៃជើងសារបស់អ្នក៖ ${commission}។${wait}`
          : `✅ Order ${o.order_number} (${o.product_name}) was delivered. Your commission: ${commission}.${wait}`;
      }
      const why =
        o.cancellation_reason === "customer_unreachable"
          ? km
            ? "ទាក់ទងអតិថិជនមិនបាន"
            : "the customer could not be reached"
          : km
            ? "អតិថិជនបានបដិសេធ"
            : "the customer refused it";
      return km
        ? `❌ ការបញ្ជាទិញ ${o.order_number} (${o.product_name}) មិនបានដឹកជូនទេ៖ ${why}។ គ្មានកម្រៃជើងសាទេ។`
        : `❌ Order ${o.order_number} (${o.product_name}) was not delivered: ${why}. No commission.`;
    }
    case "cash_remitted": {
      const c = notice.payload;
      return km
        ? `💵 អ្នកដឹកបានប្រគល់សាច់ប្រាក់នៃការបញ្ជាទិញ ${c.order_number} (${c.product_name})។ កម្រៃជើងសា ${dollars(c.commission_cents)} អាចដកបានចាប់ពី ${c.available_from}។`
        : `💵 The courier handed over the cash of order ${c.order_number} (${c.product_name}). Your commission of ${dollars(c.commission_cents)} is available from ${c.available_from}.`;
    }
    case "connection_refused": {
      const { platform, name } = notice.payload;
      if (platform === "instagram") {
        return km
          ? `⚠️ Instagram លែងទទួលយកការភ្ជាប់គណនី ${name} ទៀតហើយ ដូច្នេះពាក្យគន្លឹះមិនទទួលបានការឆ្លើយតបទេ។ សូមបើកផ្ទាំងគ្រប់គ្រងរបស់អ្នក ហើយចុច «ភ្ជាប់ Instagram ម្ដងទៀត»។`
          : `⚠️ Instagram no longer accepts the connection of ${name}, so keywords get no reply. Open your dashboard and press Connect again.`;
      }
      return km
        ? `⚠️ Facebook លែងទទួលយកការភ្ជាប់ទំព័រ ${name} ទៀតហើយ ដូច្នេះមតិ និងសារ Messenger មិនទទួលបានការឆ្លើយតបទេ។ សូមបើកផ្ទាំងគ្រប់គ្រងរបស់អ្នក ហើយចុច «ភ្ជាប់ទំព័រម្ដងទៀត»។`
        : `⚠️ Facebook no longer accepts the connection of your Page ${name}, so its comments and Messenger messages get no reply. Open your dashboard and press Connect again.`;
    }
    case "courier_cash_reminder": {
      const r = notice.payload;
      const rows = r.couriers.map((k) =>
        km
          ? `• ${k.name} (${k.phone})៖ ${dollars(k.cash_held_cents)}, ការបញ្ជាទិញ ${k.orders}, ចាស់ជាងគេ ${k.oldest_days} ថ្ងៃ`
          : `• ${k.name} (${k.phone}): ${dollars(k.cash_held_cents)}, ${k.orders} orders, oldest ${k.oldest_days} days`,
      );
      return (
        (km
          ? `⏰ អ្នកដឹកដែលកាន់សាច់ប្រាក់លើសពី ${r.remit_days} ថ្ងៃ៖\n`
          : `⏰ Couriers holding cash for more than ${r.remit_days} days:\n`) + rows.join("\n")
      );
    }
    case "new_signup": {
      const s = notice.payload;
      const role = ROLE_NAMES[language][s.user_type] ?? s.user_type;
      const who = s.name ? `${s.name} <${s.email}>` : s.email;
      return km
        ? `👤 ការចុះឈ្មោះថ្មី (${role})៖ ${who}\nកំពុងរង់ចាំការអនុម័តរបស់អ្នក។`
        : `👤 New ${role} sign-up: ${who}\nWaiting for your approval.`;
    }
  }
}

/** The confirmation in a chat that was just linked. */
export function linkedText(title: string, language: ChatLanguage): string {
  return language === "km"
    ? `✅ ${title} ត្រូវបានភ្ជាប់។ ការជូនដំណឹងនឹងមកដល់ទីនេះ។ អាចបិទ ឬផ្តាច់បាននៅក្នុងកម្មវិធី។`
    : `✅ ${title} is linked. Alerts will arrive here. Switch them off or unlink in the app.`;
}

/** The answer to /start with a token that is unknown, spent or expired (or none at all). */
export function staleLinkText(language: ChatLanguage): string {
  return language === "km"
    ? "តំណនេះផុតកំណត់ ឬត្រូវបានប្រើរួចហើយ។ សូមចុច «ភ្ជាប់ Telegram» ក្នុងកម្មវិធីម្តងទៀត។"
    : "This link has expired or was already used. Press Link Telegram in the app again.";
}

/** The confirmation in a customer's chat that now follows an order: where it is now. */
export function followingText(orderNumber: string, status: OrderStatus, language: ChatLanguage): string {
  const now = ORDER_STATUS_WORDS[language][status];
  return language === "km"
    ? `✅ អ្នកនឹងទទួលដំណឹងនៅទីនេះ រាល់ពេលការបញ្ជាទិញ ${orderNumber} ផ្លាស់ប្តូរ។ ឥឡូវ៖ ${now}`
    : `✅ You will get a message here each time order ${orderNumber} moves. Now: ${now}`;
}

/** The answer to an order page's link that is unknown, spent or expired. */
export function staleFollowText(language: ChatLanguage): string {
  return language === "km"
    ? "តំណនេះផុតកំណត់ ឬត្រូវបានប្រើរួចហើយ។ សូមចុច «ទទួលដំណឹងតាម Telegram» នៅលើទំព័រការបញ្ជាទិញរបស់អ្នកម្តងទៀត។"
    : "This link has expired or was already used. Press Get updates on Telegram on your order's page again.";
}

/** The answer to a bare /start: the bot was opened without the app's link. */
export function howToLinkText(language: ChatLanguage): string {
  return language === "km"
    ? "សួស្តី! ដើម្បីទទួលការជូនដំណឹង សូមចុច «ភ្ជាប់ Telegram» ក្នុងកម្មវិធី។"
    : "Hello! To get alerts here, press Link Telegram in the app.";
}
