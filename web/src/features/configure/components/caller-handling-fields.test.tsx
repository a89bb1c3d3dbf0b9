import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { BUSINESS_FORM_DEFAULTS, type BusinessFormValues } from "../lib/business-form";
import { CallerHandlingFields } from "./caller-handling-fields";

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
