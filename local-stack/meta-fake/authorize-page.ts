// The HTML of the fake's consent screen: one self-contained page (no scripts, no external
// resources), so it works offline and under a strict Content-Security-Policy.
import { escapeHtml } from "./http.ts";

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #fafafa; margin: 0; color: #262626; }
  main { box-sizing: border-box; width: calc(100% - 24px); max-width: 400px; margin: 48px auto; background: #fff; border: 1px solid #dbdbdb; border-radius: 8px; padding: 32px 28px; }
  h1 { font-size: 22px; margin: 0 0 4px; }
  .note { color: #737373; font-size: 13px; margin: 0 0 20px; }
  .app { font-size: 14px; margin: 0 0 16px; }
  ul { font-size: 14px; padding-left: 20px; margin: 0 0 20px; }
  label { display: block; font-size: 13px; margin-bottom: 4px; }
  input[type=text] { width: 100%; box-sizing: border-box; padding: 9px; font-size: 15px; border: 1px solid #dbdbdb; border-radius: 4px; }
  .buttons { display: flex; gap: 8px; margin-top: 20px; }
  button { flex: 1; padding: 10px; font-size: 15px; border-radius: 8px; border: 1px solid #dbdbdb; background: #fff; cursor: pointer; }
  button.allow { background: #0095f6; border-color: #0095f6; color: #fff; font-weight: 600; }
  .error { color: #b00020; font-size: 14px; }
`;

const SCOPE_LABELS: Record<string, string> = {
  instagram_business_basic: "See your profile and media",
  instagram_business_manage_comments: "Read and manage comments on your posts",
  instagram_business_manage_messages: "Read and send your Instagram messages",
};

/** A whole self-contained HTML page around `content` (the Facebook fake passes a style of its own). */
export function page(title: string, content: string, style = STYLE) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>
`;
}

export function consentPage(opts: { query: string; scopes: string[]; username: string; error?: string }) {
  return page(
    "Log in to Instagram (local fake)",
    `<h1>Log in to Instagram</h1>
<p class="note">Local fake of Instagram's login for development. No real account is used.</p>
${asksTo(opts.scopes, SCOPE_LABELS)}
${consentForm(
  opts.query,
  `<label for="username">Instagram username</label>
<input type="text" id="username" name="username" value="${escapeHtml(opts.username)}" autocomplete="username" required maxlength="30" pattern="[A-Za-z0-9._]+">`,
  opts.error,
)}`,
  );
}

/** What the app asks for: each scope in words (`labels`), or as it is when it has none. */
export function asksTo(scopes: string[], labels: Record<string, string>) {
  const items = scopes.map((s) => `<li>${escapeHtml(labels[s] ?? s)}</li>`).join("\n");
  return `<p class="app">The app asks to:</p>
<ul>
${items}
</ul>`;
}

/**
 * The consent form: `fields` (labelled inputs, HTML), the error if any, then Allow and Cancel. It
 * posts back to the page's own URL (`query` kept), so the action keeps the request's parameters.
 */
export function consentForm(query: string, fields: string, error?: string) {
  return `<form method="post" action="?${escapeHtml(query)}">
${fields}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<!-- Allow first: Enter in the field submits the first button. -->
<div class="buttons">
<button type="submit" name="action" value="allow" class="allow">Allow</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</div>
</form>`;
}

export function errorPage(message: string) {
  return page(
    "Invalid request (Instagram local fake)",
    `<h1>Sorry, this page isn't available.</h1>
<p class="error" role="alert">Invalid Request: ${escapeHtml(message)}</p>
<p class="note">Local fake of Instagram's login. The app that sent you here built a wrong authorize URL.</p>`,
  );
}
