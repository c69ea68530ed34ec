// Lint rules for the whole repository, including the layout's boundaries (docs/architecture.md):
//   - a feature never imports another feature (compose them in src/app instead);
//   - shared SPA code (components, lib, config) imports no feature and not the app, and test
//     helpers (testing) import no feature;
//   - product code (src/, supabase/) never imports the local stack;
//   - the SPA takes from supabase/ only the API contract, through @contract/;
//   - the checkout, the rider's page and the store page take ui components from their own files, not
//     the barrel;
//   - no module imports itself through others (import-x/no-cycle, with the aliases of tsconfig.json;
//     imports of types only are not counted: they are gone at run time).
// Formatting is Prettier's job (eslint-config-prettier turns off the rules it owns).
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import tseslint from "typescript-eslint";

const features = readdirSync(new URL("./src/features", import.meta.url));

// Import specifiers a part of the code base may not use. In src/ every import that leaves its
// folder goes through an alias (@/ or @contract/), so the specifier says where it leads.
const climbing = { regex: "^\\.\\./", message: "Import from another folder of src/ with @/ (siblings stay ./)." };
const localStack = {
  regex: "(^|/)local-stack(/|$)",
  message: "Product code never imports the local stack: it runs against hosted Supabase too.",
};
const functionCode = {
  regex: "(^|/)supabase/",
  message: "The SPA takes only the API contract from supabase/, through @contract/.",
};
const anyFeature = { regex: "^@/features/", message: "Shared code imports no feature and not the app." };
const theApp = { regex: "^@/app/", message: "Shared code imports no feature and not the app." };
const otherFeature = (feature) => ({
  regex: `^@/features/(?!${feature}(/|$))`,
  message:
    "A feature never imports another feature: move what both need to src/components or src/lib, or compose them in src/app.",
});

// The customer checkout, the rider's page and an influencer's store (pages of their own,
// docs/architecture.md) take each component from its own file: through the barrel it would load
// every component the app has (Modal, Toast, Tabs...).
const uiBarrel = {
  regex: "^@/components/ui/index\\.ts$",
  message:
    "The checkout, the rider's page and the store page import each ui component from its own file (@/components/ui/<name>.tsx), not the barrel.",
};

/** One no-restricted-imports rule per group of files (a later rule for a file would replace an earlier one). */
const boundaries = (files, patterns) => ({ files, rules: { "no-restricted-imports": ["error", { patterns }] } });

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
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: globals.browser },
  },
  { files: ["src/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  boundaries(["src/**/*.{ts,tsx}"], [climbing, localStack, functionCode]),
  ...features.map((feature) =>
    boundaries(
      [`src/features/${feature}/**`],
      [
        climbing,
        localStack,
        functionCode,
        otherFeature(feature),
        ...(["checkout", "rider", "storefront"].includes(feature) ? [uiBarrel] : []),
      ],
    ),
  ),
  boundaries(
    ["src/components/**", "src/lib/**", "src/config/**"],
    [climbing, localStack, functionCode, anyFeature, theApp],
  ),
  // Test helpers render inside the app's providers, but know no feature.
  boundaries(["src/testing/**"], [climbing, localStack, functionCode, anyFeature]),
  boundaries(["supabase/**"], [localStack]),
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      // The modules no-cycle follows, and what parses them.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
          tsconfig: { configFile: fileURLToPath(new URL("./tsconfig.json", import.meta.url)) },
        }),
      ],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    files: ["local-stack/**", "tests/**", "bench/**", "tooling/**", "*.config.ts", "*.config.js"],
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
