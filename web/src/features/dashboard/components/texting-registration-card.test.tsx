import type { TextingRegistrationView } from "@rebound/contracts/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { signedInUser } from "@/test/billing";
import { renderWithProviders, stubFetch } from "@/test/render";
import { TextingRegistrationBanner } from "./texting-registration-banner";
import { TextingRegistrationCard } from "./texting-registration-card";

// antd's Select measures its dropdown with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const FEES: TextingRegistrationView["fees"] = {
  billing: "included",
  oneTime: [
    { label: "Brand registration", amountUsd: 4 },
    { label: "Campaign vetting", amountUsd: 15 },
  ],
  monthly: [{ label: "Campaign", amountUsd: 1.5 }],
};

const STANDARD_STEPS = ["account", "business_profile", "brand", "campaign", "number"] as const;

function view(status: TextingRegistrationView["status"], overrides: Partial<TextingRegistrationView> = {}): TextingRegistrationView {
  const done = status === "approved";
  return {
    status,
    kind: status === "not_started" ? null : "standard",
    steps:
      status === "not_started"
        ? []
        : STANDARD_STEPS.map((key, index) => ({
            key,
            state: done || index < 2 ? "done" : index === 2 ? (status === "failed" ? "failed" : "in_progress") : "not_started",
            at: done || index < 2 ? "2026-01-05T15:04:00Z" : null,
          })),
    failureReason: null,
    submittedAt: status === "not_started" ? null : "2026-01-05T15:00:00Z",
    approvedAt: done ? "2026-01-05T15:10:00Z" : null,
    fees: FEES,
    required: true,
    ...overrides,
  };
}

const BUSINESS = {
  id: "b1",
  businessName: "Sunrise Plumbing",
  website: "sunriseplumbing.com",
  businessPhone: "+15125550123",
  dedicatedTwilioNumber: "+15125550100",
};

function stub(registration: () => { status: number; body?: unknown }, extra: Record<string, (body: unknown) => { status: number; body?: unknown }> = {}) {
  return stubFetch({
    "GET /api/texting-registration": registration,
    "GET /api/business": () => ({ status: 200, body: BUSINESS }),
    "GET /api/auth/user": () => ({ status: 200, body: signedInUser() }),
    ...extra,
  });
}

async function fillStandard(user: ReturnType<typeof userEvent.setup>, ein: string) {
  await user.type(screen.getByLabelText("EIN (Employer Identification Number)"), ein);
  const choose = async (label: string, option: string) => {
    fireEvent.mouseDown(screen.getByLabelText(label));
    const options = await screen.findAllByTitle(option);
    fireEvent.click(options[options.length - 1]!);
  };
  await choose("Business type", "Limited Liability Corporation");
  await choose("Industry", "Construction");
  await user.type(screen.getByLabelText("Street address"), "123 Main St");
  await user.type(screen.getByLabelText("City"), "Austin");
  await user.type(screen.getByLabelText("State or province"), "tx");
  await user.type(screen.getByLabelText("ZIP or postal code"), "78701");
}

describe("texting registration card", () => {
  beforeEach(() => {
    document.cookie = "rebound.signed-in=1; path=/";
  });
  afterEach(() => {
    document.cookie = "rebound.signed-in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  });

  it("given not started, then it explains why, the two paths, the fees included in the plan and the wait, and the standard form validates with the contracts' messages", async () => {
    const calls = stub(() => ({ status: 200, body: view("not_started") }));
    const user = userEvent.setup();
    await renderWithProviders(<TextingRegistrationCard hasNumber />);
    const card = await screen.findByTestId("texting-registration-card");
    await within(card).findByText(/US carriers only deliver texts from registered numbers/);
    expect(card).toHaveTextContent("A business with an EIN");
    expect(card).toHaveTextContent("No EIN");
    expect(card).toHaveTextContent("1 to 2 weeks");
    const fees = screen.getByTestId("registration-fees");
    expect(fees).toHaveTextContent("The carriers' fees are included in your plan: you pay nothing extra.");
    expect(fees).toHaveTextContent("Brand registration: $4 one time");
    expect(fees).toHaveTextContent("Campaign: $1.50 a month");
    // Prefilled from the business and the owner: never typed twice.
    await waitFor(() => expect(screen.getByLabelText("Legal business name")).toHaveValue("Sunrise Plumbing"));
    expect(screen.getByLabelText("Website")).toHaveValue("https://sunriseplumbing.com");
    expect(screen.getByLabelText("Contact first name")).toHaveValue("Pat");

    await user.clear(screen.getByLabelText("Website"));
    await user.type(screen.getByLabelText("Website"), "http://sunrise.com");
    await user.type(screen.getByLabelText("EIN (Employer Identification Number)"), "00-0000000");
    await user.click(screen.getByRole("button", { name: "Submit Registration" }));
    expect(await screen.findByText("EIN must be 9 digits, e.g. 12-3456789")).toBeInTheDocument();
    expect(screen.getByText("Website must start with https://")).toBeInTheDocument();
    expect(screen.getByText("Choose your business type")).toBeInTheDocument();
    expect(screen.getByText("Street address is required")).toBeInTheDocument();
    expect(screen.getByLabelText("EIN (Employer Identification Number)")).toHaveAttribute("aria-invalid", "true");
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  }, 30_000);

  it("given a valid standard registration, then it posts the normalised input, maps the server's field errors, and shows the timeline after 202", async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { code: "VALIDATION_FAILED", errors: [{ field: "contactPhone", message: "Enter a US or Canadian phone number" }] },
    };
    let current = view("not_started");
    const calls = stub(() => ({ status: 200, body: current }), {
      "POST /api/texting-registration": () => answer,
    });
    const user = userEvent.setup();
    await renderWithProviders(<TextingRegistrationCard hasNumber />);
    await waitFor(() => expect(screen.getByLabelText("Legal business name")).toHaveValue("Sunrise Plumbing"));
    await fillStandard(user, "12-3456789");
    await user.click(screen.getByRole("button", { name: "Submit Registration" }));
    expect(await screen.findByText("Enter a US or Canadian phone number")).toBeInTheDocument();
    const post = calls.find((call) => call.method === "POST");
    expect(post?.body).toMatchObject({
      kind: "standard",
      legalName: "Sunrise Plumbing",
      ein: "123456789",
      businessType: "Limited Liability Corporation",
      industry: "CONSTRUCTION",
      website: "https://sunriseplumbing.com",
      region: "TX",
      country: "US",
      contactPhone: "+15125550123",
    });

    current = view("submitted");
    answer = { status: 202, body: current };
    await user.click(screen.getByRole("button", { name: "Submit Registration" }));
    expect(await screen.findByTestId("registration-status")).toHaveTextContent("In review");
    const steps = screen.getByTestId("registration-steps");
    expect(steps).toHaveTextContent("Business profile");
    expect(steps).toHaveTextContent("Brand registration");
    expect(steps).toHaveTextContent("Campaign review");
    expect(screen.queryByRole("button", { name: "Submit Registration" })).toBeNull();
  }, 30_000);

  it("given the sole proprietor choice, then its form asks for the owner's own mobile with the contracts' messages", async () => {
    stub(() => ({ status: 200, body: view("not_started") }));
    const user = userEvent.setup();
    await renderWithProviders(<TextingRegistrationCard hasNumber />);
    await user.click(await screen.findByRole("radio", { name: "Without an EIN" }));
    await waitFor(() => expect(screen.getByLabelText("First name")).toHaveValue("Pat"));
    expect(screen.queryByLabelText("EIN (Employer Identification Number)")).toBeNull();
    await user.type(screen.getByLabelText("Your mobile number"), "12");
    await user.click(screen.getByRole("button", { name: "Submit Registration" }));
    expect(await screen.findByText("Enter your own US or Canadian mobile number")).toBeInTheDocument();
    expect(screen.getByText("City is required")).toBeInTheDocument();
  }, 30_000);

  it("given each status after submitting, then it shows its words", async () => {
    const cases: [TextingRegistrationView, string][] = [
      [view("submitted"), "In review"],
      [view("brand_approved"), "Brand approved, campaign in review"],
      [view("needs_verification", { kind: "sole_proprietor" }), "Waiting for your YES"],
      [view("approved"), "Approved"],
      [view("failed", { failureReason: "The carriers could not verify your EIN. Check it matches your IRS letter." }), "Not approved"],
    ];
    for (const [registration, label] of cases) {
      stub(() => ({ status: 200, body: registration }));
      const { unmount } = await renderWithProviders(<TextingRegistrationCard hasNumber />);
      expect(await screen.findByTestId("registration-status")).toHaveTextContent(label);
      if (registration.status === "approved") expect(screen.getByTestId("registration-approved")).toHaveTextContent("Your number is registered for US texting");
      if (registration.status === "needs_verification") {
        expect(screen.getByTestId("registration-verify")).toHaveTextContent("Reply YES to the text from +1 (915) 278-2000 on your mobile");
        expect(screen.getByRole("button", { name: /Send the text again/ })).toBeInTheDocument();
      }
      if (registration.status === "failed") {
        expect(screen.getByTestId("registration-failure")).toHaveTextContent("could not verify your EIN");
        expect(screen.getByRole("button", { name: "Fix and resubmit" })).toBeInTheDocument();
      }
      unmount();
    }
  }, 30_000);

  it("given a failure after the owner typed the form, then Fix and resubmit reopens it with what they typed (the EIN included)", async () => {
    let current = view("not_started");
    stub(() => ({ status: 200, body: current }), {
      "POST /api/texting-registration": () => {
        current = view("submitted");
        return { status: 202, body: current };
      },
    });
    const user = userEvent.setup();
    const { queryClient } = await renderWithProviders(<TextingRegistrationCard hasNumber />);
    await waitFor(() => expect(screen.getByLabelText("Legal business name")).toHaveValue("Sunrise Plumbing"));
    await fillStandard(user, "12-3456789");
    await user.click(screen.getByRole("button", { name: "Submit Registration" }));
    await screen.findByTestId("registration-steps");
    current = view("failed", { failureReason: "Your EIN does not match your legal name." });
    await queryClient.invalidateQueries();
    await user.click(await screen.findByRole("button", { name: "Fix and resubmit" }));
    expect(screen.getByLabelText("EIN (Employer Identification Number)")).toHaveValue("12-3456789");
    expect(screen.getByLabelText("City")).toHaveValue("Austin");
    expect(screen.getByText("Your EIN does not match your legal name.")).toBeInTheDocument();
  }, 30_000);

  it("given needs_verification, then Send the text again handles 202, 429 and 409", async () => {
    let answer = { status: 202, body: view("needs_verification") as unknown };
    stub(() => ({ status: 200, body: view("needs_verification", { kind: "sole_proprietor" }) }), {
      "POST /api/texting-registration/verify": () => answer,
    });
    const user = userEvent.setup();
    await renderWithProviders(<TextingRegistrationCard hasNumber />);
    const button = await screen.findByRole("button", { name: /Send the text again/ });
    await user.click(button);
    expect(await screen.findByText(/Reply YES to the new text from \+1 \(915\) 278-2000/)).toBeInTheDocument();
    answer = { status: 429, body: { message: "Too many requests" } };
    await user.click(screen.getByRole("button", { name: /Send the text again/ }));
    expect(await screen.findByText(/A text was sent in the last 10 minutes/)).toBeInTheDocument();
    answer = { status: 409, body: { message: "There is nothing to verify." } };
    await user.click(screen.getByRole("button", { name: /Send the text again/ }));
    expect(await screen.findByText("There is nothing to verify.")).toBeInTheDocument();
  }, 30_000);

  it("given no number, then it says to get the number first; given a Canadian number, then registration is not needed", async () => {
    const calls = stub(() => ({ status: 200, body: view("not_started") }));
    const first = await renderWithProviders(<TextingRegistrationCard hasNumber={false} />);
    expect(screen.getByTestId("registration-number-first")).toHaveTextContent("Get your number first");
    expect(screen.queryByRole("button", { name: "Submit Registration" })).toBeNull();
    expect(calls.some((call) => call.path === "/api/texting-registration")).toBe(false);
    first.unmount();
    stub(() => ({ status: 200, body: view("not_started", { required: false }) }));
    await renderWithProviders(<TextingRegistrationCard hasNumber />);
    expect(await screen.findByTestId("registration-not-required")).toHaveTextContent("Not needed for your Canadian number");
    expect(screen.queryByRole("button", { name: "Submit Registration" })).toBeNull();
  });
});

describe("texting registration banner", () => {
  beforeEach(() => {
    document.cookie = "rebound.signed-in=1; path=/";
  });
  afterEach(() => {
    document.cookie = "rebound.signed-in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  });

  it("given a US number not registered, then it asks to register with a link to the Setup card; the wording follows the status", async () => {
    const cases: [TextingRegistrationView, string][] = [
      [view("not_started"), "Register your number for US texting: carriers block texts from unregistered numbers"],
      [view("submitted"), "Your texting registration is in review"],
      [view("needs_verification"), "Reply YES to the text from +1 (915) 278-2000 on your mobile"],
      [view("failed"), "Your texting registration was not approved"],
    ];
    for (const [registration, title] of cases) {
      stub(() => ({ status: 200, body: registration }));
      const { unmount } = await renderWithProviders(<TextingRegistrationBanner />);
      const banner = await screen.findByTestId("registration-banner");
      expect(banner).toHaveTextContent(title);
      expect(within(banner).getByRole("link")).toHaveAttribute("href", "/app/setup#texting-registration");
      unmount();
    }
  });

  it("given approved, a Canadian number, no number, or the registration failing to load, then nothing shows", async () => {
    const cases: { registration: { status: number; body?: unknown }; number: string | null }[] = [
      { registration: { status: 200, body: view("approved") }, number: "+15125550100" },
      { registration: { status: 200, body: view("not_started", { required: false }) }, number: "+14165550100" },
      { registration: { status: 200, body: view("not_started") }, number: null },
      { registration: { status: 500, body: { message: "down" } }, number: "+15125550100" },
    ];
    for (const { registration, number } of cases) {
      const calls = stubFetch({
        "GET /api/texting-registration": () => registration,
        "GET /api/business": () => ({ status: 200, body: { ...BUSINESS, dedicatedTwilioNumber: number } }),
      });
      const { unmount } = await renderWithProviders(<TextingRegistrationBanner />);
      await waitFor(() => expect(calls.some((call) => call.path === "/api/business")).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(screen.queryByTestId("registration-banner")).toBeNull();
      unmount();
    }
  });
});
