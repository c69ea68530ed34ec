// The layout's boundaries are lint errors, not conventions: ESLint (eslint.config.js) refuses a
// file that crosses one, as it would on a real file at that path.
import { ESLint } from "eslint";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(root, file) });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

async function cycleErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(root, file) });
  return result.messages.filter((m) => m.ruleId === "import-x/no-cycle").map((m) => m.message);
}

describe("lint boundaries", () => {
  it.each([
    {
      crossing: "a feature importing another feature",
      file: "src/features/checkout/components/example.tsx",
      source: `import { OrdersToFulfill } from "@/features/orders/components/orders-to-fulfill.tsx";\nexport const x = OrdersToFulfill;\n`,
      message: "A feature never imports another feature",
    },
    {
      crossing: "shared code importing a feature",
      file: "src/lib/example.ts",
      source: `import { useUsers } from "@/features/admin-users/api/get-users.ts";\nexport const x = useUsers;\n`,
      message: "Shared code imports no feature",
    },
    {
      crossing: "the SPA importing the local stack",
      file: "src/lib/example.ts",
      source: `import { keys } from "../../local-stack/keys.ts";\nexport const x = keys;\n`,
      message: "Product code never imports the local stack",
    },
    {
      crossing: "the function importing the local stack",
      file: "supabase/functions/api/example.ts",
      source: `import { keys } from "../../../local-stack/keys.ts";\nexport const x = keys;\n`,
      message: "Product code never imports the local stack",
    },
    {
      crossing: "the SPA importing function code other than the contract",
      file: "src/lib/example.ts",
      source: `import { connect } from "../../supabase/functions/_shared/db.ts";\nexport const x = connect;\n`,
      message: "The SPA takes only the API contract from supabase/",
    },
    {
      crossing: "the checkout importing the ui barrel (every component of the app)",
      file: "src/features/checkout/components/example.tsx",
      source: `import { Card } from "@/components/ui/index.ts";\nexport const x = Card;\n`,
      message: "The checkout, the rider's page and the store page import each ui component from its own file",
    },
    {
      crossing: "the rider's page importing the ui barrel",
      file: "src/features/rider/components/example.tsx",
      source: `import { Card } from "@/components/ui/index.ts";\nexport const x = Card;\n`,
      message: "The checkout, the rider's page and the store page import each ui component from its own file",
    },
    {
      crossing: "the store page importing the ui barrel",
      file: "src/features/storefront/components/example.tsx",
      source: `import { Card } from "@/components/ui/index.ts";\nexport const x = Card;\n`,
      message: "The checkout, the rider's page and the store page import each ui component from its own file",
    },
  ])("refuses $crossing", async ({ file, source, message }) => {
    const errors = await boundaryErrors(file, source);
    expect(errors.some((text) => text.includes(message))).toBe(true);
  });

  it.each([
    {
      allowed: "a feature importing its own modules and shared code",
      file: "src/features/checkout/components/example.tsx",
      source: `import { placeOrder } from "@/features/checkout/api/place-order.ts";\nimport { t } from "@/lib/i18n/index.ts";\nexport const x = [placeOrder, t];\n`,
    },
    {
      allowed: "the SPA importing the contract through @contract/",
      file: "src/features/checkout/components/example.tsx",
      source: `import { checkoutOrderSchema } from "@contract/orders.ts";\nexport const x = checkoutOrderSchema;\n`,
    },
    {
      allowed: "the app composing features",
      file: "src/app/routes/example.tsx",
      source: `import { CheckoutPage } from "@/features/checkout/components/checkout-page.tsx";\nexport const x = CheckoutPage;\n`,
    },
  ])("allows $allowed", async ({ file, source }) => {
    expect(await boundaryErrors(file, source)).toEqual([]);
  });
});

describe("import cycles", () => {
  // tests/tooling/fixtures/import-cycle/second.ts imports first.ts, which on disk imports nothing.
  const first = "tests/tooling/fixtures/import-cycle/first.ts";

  it.each([
    {
      cycle: "a module importing one that imports it",
      file: first,
      source: `import { second } from "./second.ts";\nexport const first = () => second();\n`,
    },
    {
      // src/testing/render.tsx imports @/lib/query-client.ts.
      cycle: "a cycle through the @/ alias",
      file: "src/lib/query-client.ts",
      source: `import { render } from "@/testing/render.tsx";\nexport const x = render;\n`,
    },
  ])("refuses $cycle", async ({ file, source }) => {
    expect(await cycleErrors(file, source)).toEqual(["Dependency cycle detected"]);
  });

  it("allows the same import one way, and an import of types only both ways", async () => {
    expect(await cycleErrors(first, `export const first = () => 1;\n`)).toEqual([]);
    const typesOnly = `import type { second } from "./second.ts";\nexport const first: typeof second = () => 1;\n`;
    expect(await cycleErrors(first, typesOnly)).toEqual([]);
  });
});
