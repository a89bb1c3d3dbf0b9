import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "@/test/render";
import { Pricing } from "./pricing";

describe("pricing toggle", () => {
  it("given the landing pricing, when shown, then monthly prices from the catalogue; yearly shows yearly and 'was' prices", async () => {
    await renderWithProviders(<Pricing />);
    const price = (plan: string) => within(screen.getByTestId(`plan-${plan}`)).getByTestId("plan-price").textContent;
    expect(screen.getByRole("radio", { name: "Monthly" })).toBeChecked();
    expect([price("starter"), price("professional"), price("enterprise")]).toEqual(["$29", "$49", "$249"]);
    await userEvent.click(screen.getByRole("radio", { name: /Yearly/ }));
    expect([price("starter"), price("professional"), price("enterprise")]).toEqual(["$278", "$470", "$2,390"]);
    expect(within(screen.getByTestId("plan-enterprise")).getByText("$2,988")).toBeInTheDocument();
    expect(screen.getByText("Most Popular")).toBeInTheDocument();
  });
});
