// The request field of a Cambodian phone number, shared by the schemas that take one (sign-up,
// profile, couriers). Apart from fields.ts, which every contract module imports: this one brings
// the phone metadata, which the webhooks' functions have no use for.
import { z } from "zod";
import { normaliseCambodianPhone } from "./phone.ts";

/**
 * A Cambodian phone, normalised to +855...; `label` names the field in the messages, `invalid` is
 * the message of a number that is not Cambodian. An optional one lets "" through (it clears the
 * field).
 */
export const cambodianPhone = (
  label: string,
  { optional = false, invalid = `${label} must be a Cambodian number such as 012 345 678` } = {},
) =>
  z
    .string({ error: optional ? `${label} must be text` : `${label} is required` })
    .trim()
    .min(optional ? 0 : 1, `${label} is required`)
    .transform((value, ctx) => {
      if (optional && value === "") return value;
      const normalised = normaliseCambodianPhone(value);
      if (!normalised) {
        ctx.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      return normalised;
    });
