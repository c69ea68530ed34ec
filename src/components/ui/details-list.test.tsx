import { afterEach, describe, expect, it } from "vitest";
import { render, type Rendered } from "@/testing/render.tsx";
import { DetailsList } from "./details-list.tsx";

let view: Rendered;

afterEach(() => {
  view?.unmount();
  document.body.innerHTML = "";
});

describe("DetailsList", () => {
  it("pairs each label (dt) with its value (dd), in order", async () => {
    view = await render(
      <DetailsList
        details={[
          { label: "Price", value: "$7.50" },
          { label: "Created", value: <time dateTime="2026-11-22">22 Nov</time> },
        ]}
        className="details--stacked"
      />,
    );
    const list = view.container.querySelector("dl");
    expect(list?.className).toBe("details details--stacked");
    expect([...view.container.querySelectorAll("dt")].map((term) => term.textContent)).toEqual(["Price", "Created"]);
    expect([...view.container.querySelectorAll("dd")].map((value) => value.textContent)).toEqual(["$7.50", "22 Nov"]);
    expect(view.container.querySelector("dd time")?.getAttribute("dateTime")).toBe("2026-11-22");
  });
});
