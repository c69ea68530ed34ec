// Lint rules for the whole repository, including the layout's boundaries (docs/architecture.md):
//   - a feature never imports another feature (compose them in src/app instead);
//   - shared SPA code (components, lib, config, testing) imports no feature and not the app;
//   - product code (src/, supabase/) never imports the local stack;
//   - the SPA takes from supabase/ only the API contract, through @contract/.
// Formatting is Prettier's job (eslint-config-prettier turns off the rules it owns).
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import prettier from "eslint-config-prettier";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { readdirSync } from "node:fs";
import tseslint from "typescript-eslint";

const features = readdirSync(new URL("./src/features", import.meta.url));

const boundaries = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: "./src/features",
    except: [`./${feature}`],
    message:
      "A feature never imports another feature: move what both need to src/components or src/lib, or compose them in src/app.",
  })),
  {
    target: ["./src/components", "./src/lib", "./src/config"],
    from: ["./src/features", "./src/app"],
    message: "Shared code imports no feature and not the app.",
  },
  {
    // Test helpers render inside the app's providers, but know no feature.
    target: "./src/testing",
    from: "./src/features",
    message: "Test helpers import no feature.",
  },
  {
    target: ["./src", "./supabase"],
    from: "./local-stack",
    message: "Product code never imports the local stack: it runs against hosted Supabase too.",
  },
  {
    target: "./src",
    from: "./supabase",
    except: ["./functions/_shared/contract"],
    message: "The SPA takes only the API contract from supabase/, through @contract/.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "dist/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "supabase/functions/_shared/database.types.ts",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: boundaries }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: globals.browser },
  },
  { files: ["src/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  {
    // Relative imports that climb out of a folder are written with @/ instead.
    files: ["src/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ group: ["../*"], message: "Import from another folder of src/ with @/ (siblings stay ./)." }],
        },
      ],
    },
  },
  {
    files: ["local-stack/**", "tests/**", "bench/**", "*.config.ts", "*.config.js"],
    languageOptions: { globals: globals.node },
  },
  {
    // The stand-ins and the tests read whatever JSON arrives over the wire and check it field by
    // field; product code (src/, supabase/) types what it reads.
    files: ["local-stack/**", "tests/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["supabase/functions/**/*.ts"],
    languageOptions: { globals: { Deno: "readonly" } },
  },
  prettier,
);
