import { render, screen, within } from "@testing-library/react";
import { DialSteps } from "./dial-steps";

describe("dial steps", () => {
  it("draws the owner's own code on the keypad and says each step in words", () => {
    render(<DialSteps code="**004*12122431472#" />);
    const steps = within(screen.getByRole("region", { name: "On your phone" })).getAllByRole("listitem");
    expect(steps).toHaveLength(3);
    expect(steps[0]).toHaveTextContent("**004*12122431472#");
    expect(steps.map((step) => step.querySelector("strong")?.textContent)).toEqual(["1. Dial the code", "2. Press Call.", "3. Test it."]);
  });

  it("keeps the phone pictures out of the accessibility tree", () => {
    const { container } = render(<DialSteps code="*72 2122431472" />);
    const phones = container.querySelectorAll(".rb-mini-phone");
    expect(phones).toHaveLength(3);
    phones.forEach((phone) => expect(phone).toHaveAttribute("aria-hidden", "true"));
  });
});
