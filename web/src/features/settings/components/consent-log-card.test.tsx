import { screen } from "@testing-library/react";
import { renderWithProviders, stubFetch } from "@/test/render";
import { ConsentLogCard } from "./consent-log-card";

describe("consent log card", () => {
  it("says what the log is and offers the CSV as a download of the owner's consent log", async () => {
    stubFetch({});
    await renderWithProviders(<ConsentLogCard />);
    expect(screen.getByRole("heading", { name: "Consent log" })).toBeInTheDocument();
    expect(screen.getByText(/Every opt-out and opt-in your callers sent/)).toBeInTheDocument();
    const link = screen.getByRole("link", { name: /Export CSV/ });
    expect(link).toHaveAttribute("href", "/api/messaging/consent-log.csv");
    expect(link).toHaveAttribute("download", "rebound-consent-log.csv");
  });
});
