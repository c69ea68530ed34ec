// The keyword reply as the follower will read it: the template filled with the product name and
// the short link (as a comment reply carries it, the longer of the two), and what is wrong with
// it before the server is asked (the server decides anyway).
import { DM_TEMPLATE_MAX, fillDmTemplate } from "@contract/instagram.ts";

/** The link a reply to a comment carries ({link} becomes this). */
export function replyLink(shortUrl: string): string {
  return `${shortUrl}?s=comment`;
}

export type TemplateProblem = "empty" | "noLink" | "tooLong";

export interface CheckedTemplate {
  /** The reply as sent to a comment. */
  preview: string;
  /** Its length in characters, against DM_TEMPLATE_MAX. */
  length: number;
  problem: TemplateProblem | null;
}

export function checkTemplate(template: string, product: string, shortUrl: string): CheckedTemplate {
  const preview = fillDmTemplate(template.trim(), product, replyLink(shortUrl));
  const length = preview.length;
  let problem: TemplateProblem | null = null;
  if (!template.trim()) problem = "empty";
  else if (!template.includes("{link}")) problem = "noLink";
  else if (length > DM_TEMPLATE_MAX) problem = "tooLong";
  return { preview, length, problem };
}
