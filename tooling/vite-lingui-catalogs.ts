// Compiles a translation catalog when the SPA imports it: `import("./locales/km.json?lingui")`
// becomes a module exporting `messages`, each ICU message already parsed into Lingui's compiled
// form, so the browser ships no message parser. This is what @lingui/vite-plugin does; that plugin
// brings @lingui/cli and, with it, esbuild 0.25's platform packages, which this machine's registry
// lacks (npm ci fails), and its extraction step is unneeded because every message has an explicit id.
import { readFile } from "node:fs/promises";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

const SUFFIX = "?lingui";
// A virtual id that does not end in .json, so Vite's JSON plugin leaves the compiled module alone.
const PREFIX = "\0lingui-catalog:";

/** The catalog's messages compiled; a message that is not valid ICU throws, naming its id. */
export function compileCatalog(source: Record<string, string>, file: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(source).map(([id, message]) => {
      try {
        return [id, compileMessage(message)];
      } catch (error) {
        throw new Error(`${file}: message "${id}" is not valid ICU MessageFormat: ${String(error)}`);
      }
    }),
  );
}

export function linguiCatalogs(): Plugin {
  return {
    name: "lingui-catalogs",
    enforce: "pre",
    async resolveId(source, importer) {
      if (!source.endsWith(SUFFIX)) return null;
      const resolved = await this.resolve(source.slice(0, -SUFFIX.length), importer, { skipSelf: true });
      return resolved ? PREFIX + resolved.id.replace(/\.json$/, "") : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length) + ".json";
      this.addWatchFile(file);
      const compiled = compileCatalog(JSON.parse(await readFile(file, "utf8")) as Record<string, string>, file);
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
