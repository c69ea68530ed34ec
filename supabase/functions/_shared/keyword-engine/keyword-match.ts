// Finding a keyword in a comment or DM. Keywords are capital Latin letters and digits (SILK,
// SCARF2), matched case-insensitively as a whole word: not inside a longer Latin word or number
// ("SILKY" is not "SILK"). Only Latin letters and digits count as word characters: Khmer is
// written without spaces, so "ខ្ញុំចង់បានSILK" must still match.

/** The keyword that appears first in `text`, or null. */
export function firstKeyword(text: string, keywords: readonly string[]): string | null {
  let best: { keyword: string; at: number } | null = null;
  for (const keyword of new Set(keywords)) {
    const match = new RegExp(`(?<![A-Za-z0-9])${keyword}(?![A-Za-z0-9])`, "i").exec(text);
    if (match && (best === null || match.index < best.at)) best = { keyword, at: match.index };
  }
  return best?.keyword ?? null;
}
