// An influencer's keyword triggers: the DM keyword and reply each approved link received, which
// the influencer rewords and switches on or off.
import { Hono } from "hono";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { asUser } from "../../_shared/db.ts";
import { ApiError } from "../../_shared/errors.ts";
import type { MyTriggersResponse } from "../../_shared/contract/links.ts";
import {
  DM_TEMPLATE_MAX,
  fillDmTemplate,
  keywordTriggerUpdateSchema,
  type KeywordTriggerSavedResponse,
} from "../../_shared/contract/instagram.ts";
import { shortUrl } from "../../_shared/contract/links.ts";
import { parseJsonBody, uuidParam } from "../../_shared/validation.ts";
import { readOwnTriggers, toTriggerJson } from "../read-models/links.ts";

export function keywordTriggerRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /keyword-triggers/my-triggers - the caller's triggers, newest first
  app.get("/my-triggers", async (c) => {
    const user = c.get("user");
    const rows = await asUser(deps.sql, c.get("claims"), (tx) => readOwnTriggers(tx, user.id));
    return c.json({ triggers: rows.map((row) => toTriggerJson(row, deps.appUrl)) } satisfies MyTriggersResponse);
  });

  // PUT /keyword-triggers/{id} - reword the DM template, switch the trigger on or off
  app.put("/:id", async (c) => {
    const id = uuidParam(c.req.param("id"), "id");
    const input = await parseJsonBody(c, keywordTriggerUpdateSchema);
    const user = c.get("user");
    const trigger = await asUser(deps.sql, c.get("claims"), async (tx) => {
      const [current] = await readOwnTriggers(tx, user.id, tx`k.id = ${id}`);
      if (!current) throw new ApiError("not_found", "Keyword reply not found");
      // The limit is Instagram's, on the message as sent: with the product and the link filled in.
      const template = input.dm_template_text ?? current.dm_template_text;
      const reply = fillDmTemplate(
        template,
        current.campaign_name,
        `${shortUrl(deps.appUrl, current.short_code)}?s=comment`,
      );
      if (reply.length > DM_TEMPLATE_MAX) {
        throw new ApiError(
          "invalid_input",
          `dm_template_text must be at most ${DM_TEMPLATE_MAX} characters once {product} and {link} are filled in`,
          "dm_template_text",
        );
      }
      await tx`select 1 from public.update_keyword_trigger(${id}, ${input.dm_template_text ?? null}, ${input.is_active ?? null})`;
      const [saved] = await readOwnTriggers(tx, user.id, tx`k.id = ${id}`);
      return saved;
    });
    return c.json({
      message: "Keyword reply saved",
      trigger: toTriggerJson(trigger, deps.appUrl),
    } satisfies KeywordTriggerSavedResponse);
  });

  return app;
}
