import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { meQuery } from "@/lib/current-user.ts";
import { makeUser } from "@/testing/fixtures/users.ts";
import { buttonByText, click, render, typeInto, until, type Rendered } from "@/testing/render.tsx";
import { ShopNamePrompt } from "./shop-name-prompt.tsx";
import { json } from "@/testing/http.ts";

let answer: (body: { business_name: string }) => Response;
let fetchMock: ReturnType<typeof vi.fn>;
let view: Rendered;

beforeEach(() => {
  answer = (body) => json(200, { user: makeUser({ business_name: body.business_name }) });
  fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    url.endsWith("/auth/profile") && init?.method === "PUT" ? answer(JSON.parse(String(init.body))) : json(404, {}),
  );
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const input = () => view.container.querySelector<HTMLInputElement>('input[name="business_name"]');
const save = () => buttonByText(view.container, "Save shop name");
const puts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === "PUT");

describe("Shop name prompt", () => {
  it("asks for the name and refuses an empty one without sending it", async () => {
    view = await render(<ShopNamePrompt />);
    expect(view.container.querySelector("h2")?.textContent).toBe("Name your shop");
    await typeInto(input(), "   ");
    await click(save());
    expect(view.container.textContent).toContain("Please enter your shop's name.");
    expect(puts()).toHaveLength(0);
  });

  it("saves the name, trimmed, through PUT /auth/profile and puts the saved account in the cache", async () => {
    view = await render(<ShopNamePrompt />);
    await typeInto(input(), "  Sokha Silk ");
    await click(save());
    await until(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse(String((puts()[0][1] as RequestInit).body))).toEqual({ business_name: "Sokha Silk" });
    // The dashboard reads this account: the prompt goes and the welcome names the shop.
    await until(() =>
      expect(view.queryClient.getQueryData(meQuery().queryKey)).toMatchObject({ business_name: "Sokha Silk" }),
    );
    expect(document.body.textContent).toContain("Shop name saved.");
  });

  it("shows the server's message when the name is refused", async () => {
    answer = () =>
      json(400, {
        error: "invalid_input",
        field: "business_name",
        message: "Shop name must be at most 100 characters",
      });
    view = await render(<ShopNamePrompt />);
    await typeInto(input(), "Sokha Silk");
    await click(save());
    await until(() => expect(view.container.textContent).toContain("Shop name must be at most 100 characters"));
  });
});
