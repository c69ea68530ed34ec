import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { API } from "@contract/routes.ts";
import { meQuery } from "@/lib/current-user.ts";
import { fail, fakeApi } from "@/testing/fake-api.ts";
import { makeUser } from "@/testing/fixtures/users.ts";
import { render } from "@/testing/render.tsx";
import { ShopNamePrompt } from "./shop-name-prompt.tsx";

beforeEach(() => {
  fakeApi.on(API.updateProfile, ({ body }) => ({ user: makeUser({ business_name: body.business_name }) }));
});

const input = () => screen.getByLabelText(/^Shop name/);
const save = () => screen.getByRole("button", { name: "Save shop name" });
const puts = () => fakeApi.calls(API.updateProfile);

describe("Shop name prompt", () => {
  it("asks for the name and refuses an empty one without sending it", async () => {
    await render(<ShopNamePrompt />);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Name your shop");
    fireEvent.change(input(), { target: { value: "   " } });
    fireEvent.click(save());
    expect(await screen.findByText("Please enter your shop's name.")).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });

  it("saves the name, trimmed, through PUT /auth/profile and puts the saved account in the cache", async () => {
    const view = await render(<ShopNamePrompt />);
    fireEvent.change(input(), { target: { value: "  Sokha Silk " } });
    fireEvent.click(save());
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual({ business_name: "Sokha Silk" });
    // The dashboard reads this account: the prompt goes and the welcome names the shop.
    await waitFor(() =>
      expect(view.queryClient.getQueryData(meQuery().queryKey)).toMatchObject({ business_name: "Sokha Silk" }),
    );
    expect(await screen.findByText("Shop name saved.")).toBeTruthy();
  });

  it("shows the server's message when the name is refused", async () => {
    fakeApi.on(API.updateProfile, fail("invalid_input", "Shop name must be at most 100 characters", "business_name"));
    await render(<ShopNamePrompt />);
    fireEvent.change(input(), { target: { value: "Sokha Silk" } });
    fireEvent.click(save());
    await waitFor(() => expect(screen.getByText("Shop name must be at most 100 characters")).toBeTruthy());
  });
});
