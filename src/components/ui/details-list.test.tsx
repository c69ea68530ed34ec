import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { render } from "@/testing/render.tsx";
import { DetailsList } from "./details-list.tsx";

describe("DetailsList", () => {
  it("pairs each label (dt) with its value (dd), in order", async () => {
    const { container } = await render(
      <DetailsList
        details={[
          { label: "Price", value: "$7.50" },
          { label: "Created", value: <time dateTime="2026-11-22">22 Nov</time> },
        ]}
        className="details--stacked"
      />,
    );
    const list = container.querySelector("dl");
    expect(list?.className).toBe("details details--stacked");
    expect(screen.getAllByRole("term").map((term) => term.textContent)).toEqual(["Price", "Created"]);
    expect(screen.getAllByRole("definition").map((value) => value.textContent)).toEqual(["$7.50", "22 Nov"]);
    expect(screen.getByText("22 Nov").getAttribute("dateTime")).toBe("2026-11-22");
  });
});
