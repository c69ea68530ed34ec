// The Khmer font (src/styles/khmer-font.css) before Khmer is first shown. Text drawn in a
// fallback font and redrawn when the web font arrives moves the page (layout shift), so the first
// Khmer render waits for the font, at most `waitMs`: on a very slow connection the page shows in
// the fallback rather than not at all.
const WEIGHTS = ["400", "700"];

export function khmerFontReady(waitMs = 1500): Promise<void> {
  if (typeof document === "undefined" || !document.fonts) return Promise.resolve();
  const loads = WEIGHTS.map((weight) => document.fonts.load(`${weight} 1em "Noto Sans Khmer"`, "ក"));
  const loaded = Promise.all(loads).then(
    () => undefined,
    () => undefined, // a font that fails to load leaves the fallback, as without waiting
  );
  return Promise.race([loaded, new Promise<void>((resolve) => setTimeout(resolve, waitMs))]);
}
