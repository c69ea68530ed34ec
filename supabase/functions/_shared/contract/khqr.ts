// KHQR (Bakong, National Bank of Cambodia): the EMVCo merchant-presented QR payload as Cambodian
// bank apps show it on their "Receive" screen. Pure TS, no Deno APIs: the SPA checks a pasted or
// scanned code with it, the api function validates the saved code and makes the payable one.
//
// Written here rather than taken from `bakong-khqr` or `ts-khqr`: both rebuild a code from the
// fields they model, so a bank's proprietary tags (ABA's tag 40) would be lost; this module
// changes only the tags a payment needs and keeps every other tag byte for byte.

/** One top-level tag-length-value field. `value` may itself be TLV (tags 29, 30, 62, 64, 99). */
export interface KhqrField {
  tag: string;
  value: string;
}

/** Longer than any code a bank app shows; keeps a pasted essay out of the profile. */
export const KHQR_MAX_LENGTH = 512;

const USD = "840";

/**
 * CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection, no final xor) over the
 * UTF-8 bytes of `text`, as 4 upper-case hex digits.
 */
export function khqrCrc(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/**
 * Splits a TLV string into its fields. Lengths count characters (code points): a Khmer name in
 * tag 64 is as long as its letters, not its UTF-8 bytes. Returns an error message when the
 * structure is broken.
 */
export function parseTlv(text: string): KhqrField[] | string {
  const chars = Array.from(text);
  const fields: KhqrField[] = [];
  let at = 0;
  while (at < chars.length) {
    const tag = chars.slice(at, at + 2).join("");
    const length = chars.slice(at + 2, at + 4).join("");
    if (!/^\d\d$/.test(tag) || !/^\d\d$/.test(length)) {
      return `KHQR is not a valid tag-length-value code (broken field at character ${at + 1})`;
    }
    const end = at + 4 + Number(length);
    if (Number(length) === 0 || end > chars.length) {
      return `KHQR is not a valid tag-length-value code (field ${tag} has a wrong length)`;
    }
    fields.push({ tag, value: chars.slice(at + 4, end).join("") });
    at = end;
  }
  return fields;
}

/** The inverse of parseTlv. */
export function formatTlv(fields: readonly KhqrField[]): string {
  return fields.map(({ tag, value }) => tag + String(Array.from(value).length).padStart(2, "0") + value).join("");
}

const bakongAccountId = /^[^\s@]{1,32}@[^\s@]{1,32}$/;

/** What a valid KHQR says about the account it pays. */
export interface KhqrAccount {
  /** The Bakong account id (tag 29 or 30, sub-tag 00), such as "name@bank". */
  bakongAccountId: string;
  /** Tag 59, when the code carries it. */
  name: string | null;
}

export type KhqrCheck = { ok: true; fields: KhqrField[]; account: KhqrAccount } | { ok: false; message: string };

/**
 * Checks a KHQR the way the server accepts one into a profile: EMVCo structure, payload format
 * `00`=`01` first, a tag 63 checksum that matches, no top-level tag twice, country `KH`, and one
 * Bakong account in tag 29 (individual) or 30 (merchant), not both. The message names the first
 * thing wrong. The database checks the same structure (private.khqr_tags_are_unique).
 */
export function checkKhqr(input: string): KhqrCheck {
  const text = input.trim();
  if (text.length === 0) return { ok: false, message: "KHQR is empty" };
  if (text.length > KHQR_MAX_LENGTH)
    return { ok: false, message: `KHQR is too long (at most ${KHQR_MAX_LENGTH} characters)` };
  const fields = parseTlv(text);
  if (typeof fields === "string") return { ok: false, message: fields };
  if (fields[0]?.tag !== "00" || fields[0].value !== "01") {
    return { ok: false, message: "KHQR must start with payload format 01 (tag 00)" };
  }
  const last = fields[fields.length - 1];
  if (last.tag !== "63" || !/^[0-9A-Fa-f]{4}$/.test(last.value)) {
    return { ok: false, message: "KHQR must end with a 4-digit checksum (tag 63)" };
  }
  const expected = khqrCrc(text.slice(0, text.length - 4));
  if (last.value.toUpperCase() !== expected) {
    return { ok: false, message: "KHQR checksum (tag 63) does not match: the code is incomplete or mistyped" };
  }
  // A repeated tag is two answers to one question (two amounts, two currencies, two accounts):
  // bank apps disagree on which copy they read, so a code says each thing once.
  const seen = new Set<string>();
  for (const field of fields) {
    if (seen.has(field.tag)) {
      return { ok: false, message: `KHQR repeats tag ${field.tag}: a code carries each field once` };
    }
    seen.add(field.tag);
  }
  if (seen.has("29") && seen.has("30")) {
    return { ok: false, message: "KHQR carries two accounts (tags 29 and 30): a code pays one account" };
  }
  const country = fields.find((field) => field.tag === "58");
  if (country?.value !== "KH") return { ok: false, message: "KHQR must be a Cambodian code (country KH, tag 58)" };
  const accountField = fields.find((field) => field.tag === "29" || field.tag === "30");
  const account = accountField ? parseTlv(accountField.value) : [];
  const id = typeof account === "string" ? undefined : account.find((field) => field.tag === "00")?.value;
  if (!id || !bakongAccountId.test(id)) {
    return { ok: false, message: "KHQR has no Bakong account (name@bank in tag 29 or 30)" };
  }
  return {
    ok: true,
    fields,
    account: { bakongAccountId: id, name: fields.find((field) => field.tag === "59")?.value ?? null },
  };
}

/**
 * `fields` with each of `replacements` in the place of the first field of its tag, and every
 * other field of that tag removed; a tag `fields` lacks goes before the first higher tag. A second
 * `54` or `53` left behind would be a second amount or currency that some bank app reads instead
 * of ours, so none is, even in a code the checks would refuse.
 */
export function setKhqrTags(fields: readonly KhqrField[], replacements: readonly KhqrField[]): KhqrField[] {
  const result = [...fields];
  for (const field of replacements) {
    const index = result.findIndex((existing) => existing.tag === field.tag);
    if (index >= 0) {
      for (let at = result.length - 1; at > index; at--) {
        if (result[at].tag === field.tag) result.splice(at, 1);
      }
      result[index] = field;
    } else {
      // A tag the code lacks goes before the first higher tag, as the tags are ordered.
      const before = result.findIndex((existing) => existing.tag > field.tag);
      result.splice(before < 0 ? result.length : before, 0, field);
    }
  }
  return result;
}

/** What makes a saved code payable. */
export interface KhqrPayment {
  /** USD cents, > 0. */
  amountCents: number;
  /** Epoch milliseconds. */
  createdAtMs: number;
  /** Epoch milliseconds, after createdAtMs. */
  expiresAtMs: number;
}

/**
 * The saved (valid) code made dynamic for one payment: `01`=`12`, currency USD (`53`=`840`),
 * the amount (`54`, two decimals), the timestamps (`99`: `00` created, `01` expires, both in
 * milliseconds) and a fresh checksum, each once: every copy of these tags is replaced by one.
 * Every other tag is kept as it was, in its place.
 */
export function payableKhqr(saved: string, payment: KhqrPayment): string {
  const check = checkKhqr(saved);
  if (!check.ok) throw new Error(check.message);
  if (!Number.isSafeInteger(payment.amountCents) || payment.amountCents <= 0) {
    throw new Error("A KHQR amount must be a positive number of cents");
  }
  const replaced: KhqrField[] = [
    { tag: "01", value: "12" },
    { tag: "53", value: USD },
    { tag: "54", value: (payment.amountCents / 100).toFixed(2) },
    {
      tag: "99",
      value: formatTlv([
        { tag: "00", value: String(payment.createdAtMs) },
        { tag: "01", value: String(payment.expiresAtMs) },
      ]),
    },
  ];
  const fields = setKhqrTags(
    check.fields.filter((field) => field.tag !== "63"),
    replaced,
  );
  const body = formatTlv(fields) + "6304";
  return body + khqrCrc(body);
}

/** The fields of a KHQR by tag (the first of each), for reading a generated code back. */
export function khqrTags(text: string): Record<string, string> {
  const fields = parseTlv(text);
  if (typeof fields === "string") throw new Error(fields);
  const tags: Record<string, string> = {};
  for (const field of fields) tags[field.tag] ??= field.value;
  return tags;
}
