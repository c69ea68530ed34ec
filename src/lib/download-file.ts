// Downloads a file the API answers to a signed-in caller (the CSV exports). The token is a bearer
// header, not a cookie, so a plain link cannot carry it: the file is fetched with the header and
// handed to the browser as a blob link.
import { env } from "@/config/env.ts";
import { ApiError } from "./api-client.ts";
import { t } from "./i18n/index.ts";
import { freshToken } from "./session-refresh.ts";

export async function downloadFile(path: string, filename: string): Promise<void> {
  const token = await freshToken();
  let response: Response;
  try {
    response = await fetch(`${env.apiBaseUrl}${path}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(t("errors.network"), "network");
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: unknown };
    const fromServer = typeof body.message === "string" && body.message !== "";
    throw new ApiError(
      fromServer ? (body.message as string) : t("errors.generic"),
      "http",
      response.status,
      null,
      null,
      fromServer,
    );
  }
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    URL.revokeObjectURL(url);
  }
}
