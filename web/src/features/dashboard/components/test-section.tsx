import { CheckCircleFilled, ClockCircleOutlined, CloseCircleFilled, LoadingOutlined, QuestionCircleOutlined } from "@ant-design/icons";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Input, Skeleton } from "antd";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useBusiness } from "@/shared/business/get-business";
import { formatForwardingDate } from "@/shared/forwarding/forwarding-display";
import { ForwardingStatusLine } from "@/shared/forwarding/forwarding-status-line";
import { forwardingTestLabel, formatPhoneNumber, type ForwardingTestStatus } from "@/shared/lib/status";
import { FormField } from "@/shared/ui/form-field";
import { LinkButton } from "@/shared/ui/link-button";
import { SectionError } from "@/shared/ui/section-error";
import { toast } from "@/shared/ui/toast/toast-store";
import { forwardingTestSchema, useRunForwardingTest, type ForwardingTestInput } from "../api/run-forwarding-test";
import { useSimulatorAvailable } from "../api/simulator";
import { initialTestStatus, testErrorToast, testResultToast } from "../lib/forwarding-test";
import { GetNumberCard } from "./get-number-card";
import { SelfTestCard } from "./self-test-form";
import { TryItPanel } from "./try-it-panel";

const STATUS_ICON: Record<ForwardingTestStatus, React.ReactNode> = {
  "not-tested": <QuestionCircleOutlined />,
  testing: <LoadingOutlined />,
  success: <CheckCircleFilled />,
  failed: <CloseCircleFilled />,
};

export function TestSection() {
  const business = useBusiness();
  const simulator = useSimulatorAvailable();
  const test = useRunForwardingTest();
  const [status, setStatus] = useState<ForwardingTestStatus | null>(null);
  const stored = business.data?.lastCallForwardingTestStatus;
  useEffect(() => {
    setStatus((current) => current ?? (business.data ? initialTestStatus(stored) : null));
  }, [business.data, stored]);
  const { control, handleSubmit, formState } = useForm<ForwardingTestInput>({
    resolver: zodResolver(forwardingTestSchema),
    defaultValues: { testPhoneNumber: "" },
  });

  if (business.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (business.isError) return <SectionError onRetry={() => void business.refetch()} />;
  const number = business.data.dedicatedTwilioNumber;
  const shown = status ?? "not-tested";
  // In the business's zone, as the status line above it reads the same test.
  const lastTested = formatForwardingDate(business.data.lastCallForwardingTestDate, business.data.timeZone);

  const onSubmit = handleSubmit(({ testPhoneNumber }) => {
    setStatus("testing");
    test.mutate(testPhoneNumber, {
      onSuccess: (result) => {
        setStatus(result.success ? "success" : "failed");
        toast(testResultToast(result));
      },
      onError: (error) => {
        setStatus("failed");
        toast(testErrorToast(error));
      },
    });
  });

  return (
    <div className="rb-section-stack">
      <header className="rb-dash-head">
        <h1 className="rb-h2">Test</h1>
        <p className="rb-lead">Make sure your missed calls reach Rebound.</p>
      </header>
      {!number ? (
        <GetNumberCard />
      ) : (
        <>
          <ForwardingStatusLine />
          <section className={`rb-card rb-status-card rb-status-card--${shown}`} aria-labelledby="test-status" data-testid="test-status">
            <span className="rb-status-card__icon" aria-hidden>
              {STATUS_ICON[shown]}
            </span>
            <div>
              <h2 id="test-status" className="rb-h3">
                {forwardingTestLabel(shown)}
              </h2>
              <p className="rb-muted">
                {lastTested ? (
                  <>
                    <ClockCircleOutlined aria-hidden /> Last tested {lastTested}
                  </>
                ) : (
                  "Not tested yet"
                )}
              </p>
            </div>
            {shown === "success" || shown === "failed" ? (
              <Button onClick={() => setStatus("not-tested")} className="rb-status-card__again">
                Test Again
              </Button>
            ) : null}
          </section>
          {shown === "not-tested" || shown === "testing" ? (
            <section className="rb-card" aria-labelledby="test-form-title">
              <h2 id="test-form-title" className="rb-h3">
                Test call forwarding
              </h2>
              <p className="rb-muted">
                We'll call your business phone from a test line and let it ring. When the call forwards to {formatPhoneNumber(number)}, the test passes.
                Forwarding is detected usually within 10-30 seconds.
              </p>
              <form noValidate onSubmit={onSubmit} aria-label="Test call forwarding" className="rb-test-form">
                <Controller
                  control={control}
                  name="testPhoneNumber"
                  render={({ field }) => (
                    <FormField
                      id="testPhoneNumber"
                      label="Your business phone number"
                      error={formState.errors.testPhoneNumber?.message}
                      extra="Include the country code: +1 for the US and Canada, +44 for the UK."
                    >
                      <Input {...field} type="tel" autoComplete="tel" placeholder="+1 212 555 0123" disabled={shown === "testing"} />
                    </FormField>
                  )}
                />
                <Button type="primary" htmlType="submit" loading={shown === "testing"}>
                  {shown === "testing" ? "Testing..." : "Start Test"}
                </Button>
              </form>
            </section>
          ) : null}
          <SelfTestCard timeZone={business.data.timeZone} />
          <p>
            Working? Next, write the text your callers get.{" "}
            <LinkButton to="/app/{-$section}" params={{ section: "configure" }} buttonType="link" className="rb-inline-link">
              Go to Configure
            </LinkButton>
          </p>
          {simulator ? <TryItPanel dedicatedNumber={number} /> : null}
        </>
      )}
    </div>
  );
}
