// The HTML of the Facebook fake's Login dialog: one self-contained page (no scripts, no external
// resources, the Meta fake's page frame with Facebook's colours), so it works offline and under a
// strict Content-Security-Policy.
import { asksTo, consentForm, page } from "../meta-fake/authorize-page.ts";
import { escapeHtml } from "../meta-fake/http.ts";

const STYLE = `
  body { font-family: Helvetica, Arial, system-ui, sans-serif; background: #f0f2f5; margin: 0; color: #1c1e21; }
  main { box-sizing: border-box; width: calc(100% - 24px); max-width: 420px; margin: 48px auto; background: #fff; border-radius: 8px; box-shadow: 0 2px 4px rgba(0,0,0,.1), 0 8px 16px rgba(0,0,0,.1); padding: 28px; }
  h1 { font-size: 22px; margin: 0 0 4px; }
  .note { color: #606770; font-size: 13px; margin: 0 0 18px; }
  .app { font-size: 14px; margin: 0 0 12px; }
  ul { font-size: 14px; padding-left: 20px; margin: 0 0 18px; }
  label { display: block; font-size: 13px; font-weight: 600; margin: 12px 0 4px; }
  .hint { color: #606770; font-size: 12px; margin: 4px 0 0; }
  input[type=text] { width: 100%; box-sizing: border-box; padding: 10px; font-size: 15px; border: 1px solid #dddfe2; border-radius: 6px; }
  .buttons { display: flex; gap: 8px; margin-top: 20px; }
  button { flex: 1; padding: 10px; font-size: 15px; font-weight: 600; border-radius: 6px; border: 1px solid #dddfe2; background: #e4e6eb; color: #1c1e21; cursor: pointer; }
  button.allow { background: #1877f2; border-color: #1877f2; color: #fff; }
  .error { color: #b00020; font-size: 14px; }
`;

const SCOPE_LABELS: Record<string, string> = {
  pages_show_list: "Show a list of the Pages you manage",
  pages_messaging: "Manage and access Page conversations in Messenger",
  pages_read_engagement: "Read content posted on the Page",
  pages_manage_metadata: "Manage accounts, settings and webhooks for a Page",
  pages_read_user_content: "Read user content on your Page",
  public_profile: "Your name and profile picture",
};

export const DEFAULT_NAME = "Demo Creator";
export const defaultPagesFor = (name: string) => `${name} Shop`;

export function consentPage(opts: { query: string; scopes: string[]; name: string; pages: string; error?: string }) {
  return page(
    "Log in with Facebook (local fake)",
    `<h1>Log in with Facebook</h1>
<p class="note">Local fake of Facebook Login for development. No real account is used.</p>
${asksTo(opts.scopes, SCOPE_LABELS)}
${consentForm(
  opts.query,
  `<label for="name">Your name on Facebook</label>
<input type="text" id="name" name="name" value="${escapeHtml(opts.name)}" autocomplete="name" required maxlength="50">
<label for="pages">Pages you manage and give the app</label>
<input type="text" id="pages" name="pages" value="${escapeHtml(opts.pages)}" maxlength="1000" aria-describedby="pages-hint">
<p class="hint" id="pages-hint">Page names, separated by commas. Empty: one Page named after you ("&lt;name&gt; Shop").</p>`,
  opts.error,
)}`,
    STYLE,
  );
}

/** What Facebook's dialog shows the developer when the app's request is wrong (HTTP 400 here). */
export function dialogErrorPage(title: string, message: string) {
  return page(
    `${title} (Facebook local fake)`,
    `<h1>${escapeHtml(title)}</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p class="note">Local fake of Facebook Login. The app that sent you here built a wrong Login dialog URL.</p>`,
    STYLE,
  );
}
