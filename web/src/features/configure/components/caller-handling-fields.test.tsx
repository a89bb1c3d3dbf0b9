import { zodResolver } from "@hookform/resolvers/zod";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm, useWatch } from "react-hook-form";
import { sampleBusiness } from "@/test/business";
import { renderWithProviders, stubFetch } from "@/test/render";
import { BUSINESS_FORM_DEFAULTS, businessFormSchema, formVisibility, type BusinessFormValues } from "../lib/business-form";
import { BusinessForm } from "./business-form";
import { CallerHandlingFields, InboxForwardFields } from "./caller-handling-fields";

// antd's TextArea (autoSize) measures itself with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

function Fields({ voicemailEnabled, onValues }: { voicemailEnabled: boolean; onValues: (values: BusinessFormValues) => void }) {
  const { control, formState, watch } = useForm<BusinessFormValues>({ defaultValues: { ...BUSINESS_FORM_DEFAULTS, voicemailEnabled } });
  onValues(watch());
  return <CallerHandlingFields control={control} errors={formState.errors} showNoTextMessage={false} />;
}

describe("What missed callers hear: voicemail", () => {
  it("shows the Take voicemail switch with how long recordings are kept, bound to voicemailEnabled", async () => {
    let values: BusinessFormValues | undefined;
    const user = userEvent.setup();
    render(<Fields voicemailEnabled={false} onValues={(next) => (values = next)} />);
    const toggle = screen.getByRole("switch", { name: "Take voicemail" });
    expect(toggle).toHaveAccessibleDescription("Callers can leave a message after yours. Recordings are kept for 90 days.");
    expect(toggle).not.toBeChecked();
    expect(screen.getByTestId("voicemailEnabled-state")).toHaveTextContent("Disabled");
    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(screen.getByTestId("voicemailEnabled-state")).toHaveTextContent("Enabled");
    expect(values?.voicemailEnabled).toBe(true);
  });
});

const FORWARD_INVALID = "Mobile number for texts must be a US or Canadian number, such as (212) 555-0123";

/** The switch and the number in a form validated by the real schema; submitting hands the values over. */
function ForwardFields({ onSubmit }: { onSubmit: (values: BusinessFormValues) => void }) {
  const { control, formState, handleSubmit } = useForm<BusinessFormValues>({
    resolver: zodResolver(businessFormSchema),
    defaultValues: BUSINESS_FORM_DEFAULTS,
  });
  const enabled = useWatch({ control, name: "inboxForwardEnabled" });
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <InboxForwardFields
        control={control}
        errors={formState.errors}
        showNumber={formVisibility({ ...BUSINESS_FORM_DEFAULTS, inboxForwardEnabled: enabled }).inboxForwardNumber}
      />
      <button type="submit">Save</button>
    </form>
  );
}

describe("Text me callers' replies and voicemails", () => {
  it("shows the switch with its help text; on, it asks for the mobile number (tel, autocomplete tel) and requires it", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ForwardFields onSubmit={onSubmit} />);
    const toggle = screen.getByRole("switch", { name: "Text me callers' replies and voicemails" });
    expect(toggle).toHaveAccessibleDescription(
      "A text to your mobile from your Rebound number, at most one per caller every 5 minutes. E-mail alerts include them too.",
    );
    expect(toggle).not.toBeChecked();
    expect(screen.queryByLabelText("Your mobile number")).not.toBeInTheDocument();

    await user.click(toggle);
    const number = screen.getByLabelText("Your mobile number");
    expect(number).toHaveAttribute("type", "tel");
    expect(number).toHaveAttribute("autocomplete", "tel");
    expect(number).toHaveAttribute("placeholder", "(415) 555-0123");

    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Enter your mobile number to get texts")).toBeInTheDocument();
    expect(number).toHaveAttribute("aria-invalid", "true");
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(number, "555-0123");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(FORWARD_INVALID)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(number);
    await user.type(number, "415-555-0123");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ inboxForwardEnabled: true, inboxForwardNumber: "415-555-0123" });
  });

  it("given the switch off again, then the number is hidden and not checked", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ForwardFields onSubmit={onSubmit} />);
    const toggle = screen.getByRole("switch", { name: "Text me callers' replies and voicemails" });
    await user.click(toggle);
    await user.type(screen.getByLabelText("Your mobile number"), "nope");
    await user.click(toggle);
    expect(screen.queryByLabelText("Your mobile number")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  });
});

describe("Configure with texts to the owner's mobile (POST /api/business)", () => {
  const business = sampleBusiness({ ownerName: "Pat", voicemailEnabled: true, inboxForwardNumber: "+14155550123" });
  const templates = { "GET /api/business/templates": () => ({ status: 200, body: { missedCall: [], afterHours: [] } }) };

  it('given a stored number, then the switch is on with (415) 555-0123; switched off and saved, then "" is sent', async () => {
    const calls = stubFetch({
      ...templates,
      "POST /api/business": (body) => ({ status: 200, body: { ...business, inboxForwardNumber: "", ...(body as object) } }),
    });
    const user = userEvent.setup();
    await renderWithProviders(<BusinessForm business={business} />);
    const toggle = screen.getByRole("switch", { name: "Text me callers' replies and voicemails" });
    expect(toggle).toBeChecked();
    expect(screen.getByLabelText("Your mobile number")).toHaveValue("(415) 555-0123");

    await user.click(toggle);
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(calls.some((call) => call.method === "POST" && call.path === "/api/business")).toBe(true));
    const sent = calls.find((call) => call.method === "POST")?.body as Record<string, unknown>;
    expect(sent.inboxForwardNumber).toBe("");
    expect(sent).not.toHaveProperty("inboxForwardEnabled");
  });

  it("given a new number, then it is sent as typed; business's 400 on inboxForwardNumber shows on the field", async () => {
    const calls = stubFetch({
      ...templates,
      "POST /api/business": () => ({
        status: 400,
        body: { message: "Validation failed", errors: [{ field: "inboxForwardNumber", message: FORWARD_INVALID }] },
      }),
    });
    const user = userEvent.setup();
    await renderWithProviders(<BusinessForm business={{ ...business, inboxForwardNumber: "" }} />);
    expect(screen.queryByLabelText("Your mobile number")).not.toBeInTheDocument();
    await user.click(screen.getByRole("switch", { name: "Text me callers' replies and voicemails" }));
    await user.type(screen.getByLabelText("Your mobile number"), "+1 415 555 0199");
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    expect((calls.find((call) => call.method === "POST")?.body as Record<string, unknown>).inboxForwardNumber).toBe("+1 415 555 0199");
    const number = screen.getByLabelText("Your mobile number");
    await waitFor(() => expect(number).toHaveAttribute("aria-invalid", "true"));
    expect(number).toHaveAccessibleDescription(FORWARD_INVALID);
  });
});
