import { CheckCircleFilled, MessageOutlined } from "@ant-design/icons";
import type { TextingRegistrationView } from "@rebound/contracts/domain";
import { Alert, Button, Skeleton, Steps } from "antd";
import { useState, type ReactNode } from "react";
import { ApiError, errorMessage } from "@/shared/api/client";
import { useUser } from "@/shared/auth/get-user";
import { useBusiness, type Business } from "@/shared/business/get-business";
import { formatPhoneNumber } from "@/shared/lib/status";
import { useTextingRegistration } from "@/shared/texting-registration/get-texting-registration";
import { REGISTRATION_CARD_ID, VERIFICATION_SENDER } from "@/shared/texting-registration/registration-notice";
import { Badge } from "@/shared/ui/badge";
import { SectionError } from "@/shared/ui/section-error";
import { toast } from "@/shared/ui/toast/toast-store";
import { useSimulatorAvailable } from "../api/simulator";
import { useResendTextingVerification } from "../api/texting-registration";
import { feeLine, feeSentence, formatWhen, STATUS_LABELS, STEP_STATE_WORDS, stepLabel, stepStatus } from "../lib/texting-registration";
import { TextingRegistrationForm, type RegistrationDrafts } from "./texting-registration-form";

const HEADING_ID = "texting-registration-title";

/** The website as a registration wants it (https://), when the business has one. */
function httpsWebsite(website: string | undefined): string {
  const value = (website ?? "").trim();
  if (!value) return "";
  if (/^https:\/\//i.test(value)) return value;
  return `https://${value.replace(/^http:\/\//i, "")}`;
}

/** The owner's details the forms start with: never typed twice. */
function initialDrafts(
  business: Business | undefined,
  user: { firstName: string | null; lastName: string | null; email: string } | null | undefined,
): RegistrationDrafts {
  const person = { first: user?.firstName ?? "", last: user?.lastName ?? "", email: user?.email ?? "" };
  return {
    kind: "standard",
    standard: {
      legalName: business?.businessName ?? "",
      website: httpsWebsite(business?.website),
      contactFirstName: person.first,
      contactLastName: person.last,
      contactEmail: person.email,
      contactPhone: business?.businessPhone ? formatPhoneNumber(business.businessPhone) : "",
      country: "US",
    },
    sole_proprietor: { firstName: person.first, lastName: person.last, email: person.email, country: "US" },
  };
}

function Why({ simulator }: { simulator: boolean }) {
  return (
    <div className="rb-reg__why">
      <p>
        US carriers only deliver texts from registered numbers. Until your Rebound number is registered, your missed callers with US numbers are not texted
        (they hear your no-text answer instead).
      </p>
      <ul className="rb-reg__paths">
        <li>
          <strong>A business with an EIN</strong> (LLC, corporation, partnership, non-profit, or a sole proprietorship that has one): standard registration with
          your legal business details.
        </li>
        <li>
          <strong>No EIN</strong>: sole proprietor registration with your own name and mobile. You confirm it by replying YES to one text.
        </li>
      </ul>
      <p className="rb-muted">
        The brand check usually takes minutes to a few days, and the campaign review often 1 to 2 weeks.
        {simulator ? " Here, on the local simulator, it takes a few seconds." : ""}
      </p>
    </div>
  );
}

function Fees({ fees }: { fees: TextingRegistrationView["fees"] }) {
  return (
    <div className="rb-note rb-reg__fees" data-testid="registration-fees">
      <p>{feeSentence(fees)}</p>
      <ul>
        {fees.oneTime.map((fee) => (
          <li key={`once-${fee.label}`}>{feeLine(fee, "one time")}</li>
        ))}
        {fees.monthly.map((fee) => (
          <li key={`monthly-${fee.label}`}>{feeLine(fee, "a month")}</li>
        ))}
      </ul>
    </div>
  );
}

function Timeline({ view }: { view: TextingRegistrationView }) {
  const current = view.steps.findIndex((step) => step.state === "in_progress" || step.state === "failed");
  return (
    <Steps
      orientation="vertical"
      size="small"
      className="rb-reg__steps"
      data-testid="registration-steps"
      current={current === -1 ? view.steps.filter((step) => step.state === "done").length : current}
      items={view.steps.map((step) => ({
        key: step.key,
        title: stepLabel(step.key, view.kind),
        status: stepStatus(step.state),
        content: [STEP_STATE_WORDS[step.state], formatWhen(step.at)].filter(Boolean).join(" · "),
      }))}
    />
  );
}

function ResendVerification() {
  const resend = useResendTextingVerification();
  const onClick = () =>
    resend.mutate(undefined, {
      onSuccess: () => toast({ title: "Text Sent", description: `Reply YES to the new text from ${VERIFICATION_SENDER} on your mobile.` }),
      onError: (error) =>
        toast({
          title: "Error",
          description:
            error instanceof ApiError && error.status === 429
              ? "A text was sent in the last 10 minutes. Please wait a few minutes before sending another."
              : errorMessage(error, "Failed to send the text. Please try again."),
          variant: "destructive",
        }),
    });
  return (
    <Button onClick={onClick} loading={resend.isPending} icon={<MessageOutlined />}>
      Send the text again
    </Button>
  );
}

function Status({ view, onResubmit }: { view: TextingRegistrationView; onResubmit: () => void }) {
  const label = STATUS_LABELS[view.status];
  return (
    <div className="rb-reg__status">
      <p className="rb-reg__status-line">
        <span>Status:</span>{" "}
        <Badge tone={label.tone} testId="registration-status">
          {label.label}
        </Badge>
        {view.submittedAt ? <span className="rb-muted"> Submitted {formatWhen(view.submittedAt)}</span> : null}
      </p>
      {view.status === "approved" ? (
        <div className="rb-note rb-note--good rb-reg__approved" data-testid="registration-approved" role="status">
          <CheckCircleFilled className="rb-reg__approved-icon" aria-hidden />
          <div>
            <p className="rb-reg__approved-title">Your number is registered for US texting</p>
            <p>{`Approved${view.approvedAt ? ` ${formatWhen(view.approvedAt)}` : ""}. Your missed callers with US numbers are texted back now.`}</p>
          </div>
        </div>
      ) : null}
      {view.status === "needs_verification" ? (
        <Alert
          type="warning"
          showIcon
          title={`Reply YES to the text from ${VERIFICATION_SENDER} on your mobile`}
          description={
            <>
              <p>There is no code to type: reply YES to that text and your registration moves on by itself.</p>
              <div className="rb-actions">
                <ResendVerification />
              </div>
            </>
          }
          data-testid="registration-verify"
        />
      ) : null}
      {view.status === "failed" ? (
        <Alert
          type="error"
          showIcon
          title="The carriers did not approve your registration"
          description={
            <>
              <p data-testid="registration-failure">{view.failureReason ?? "No reason was given. Check your details and submit again."}</p>
              <div className="rb-actions">
                <Button type="primary" onClick={onResubmit}>
                  Fix and resubmit
                </Button>
              </div>
            </>
          }
        />
      ) : null}
      {view.status === "submitted" || view.status === "brand_approved" ? (
        <p className="rb-muted">We check the carriers every few seconds while this page is open. You can leave it: the review goes on without you.</p>
      ) : null}
      <Timeline view={view} />
    </div>
  );
}

/** Setup's card for US texting registration (A2P 10DLC): why, the fees, the two forms, then the review's progress. */
export function TextingRegistrationCard({ hasNumber }: { hasNumber: boolean }) {
  const registration = useTextingRegistration({ enabled: hasNumber });
  const business = useBusiness();
  const { user } = useUser();
  const simulator = useSimulatorAvailable();
  const [drafts, setDrafts] = useState<RegistrationDrafts | null>(null);
  const [resubmitting, setResubmitting] = useState(false);
  const view = registration.data;
  const formDrafts = drafts ?? initialDrafts(business.data, user);
  const status = view?.status;
  const showForm = view && view.required && (status === "not_started" || (status === "failed" && resubmitting));

  let body: ReactNode;
  if (!hasNumber) {
    body = (
      <>
        <p>US carriers only deliver texts from registered numbers, so your Rebound number gets registered once you have it.</p>
        <p className="rb-note" data-testid="registration-number-first">
          Get your number first: then register it here.
        </p>
      </>
    );
  } else if (registration.isPending) {
    body = <Skeleton active paragraph={{ rows: 3 }} />;
  } else if (registration.isError || !view) {
    body = <SectionError what="your texting registration" onRetry={() => void registration.refetch()} />;
  } else if (!view.required) {
    body = (
      <div className="rb-note rb-note--good rb-reg__approved" data-testid="registration-not-required">
        <CheckCircleFilled className="rb-reg__approved-icon" aria-hidden />
        <div>
          <p className="rb-reg__approved-title">Not needed for your Canadian number</p>
          <p>US carriers&apos; registration applies to US numbers only: your callers are texted from your number already.</p>
        </div>
      </div>
    );
  } else if (showForm) {
    body = (
      <>
        {status === "not_started" ? <Why simulator={simulator} /> : null}
        {status === "failed" && view.failureReason ? <Alert type="error" showIcon title="What to fix" description={view.failureReason} /> : null}
        <Fees fees={view.fees} />
        <TextingRegistrationForm
          drafts={formDrafts}
          setDrafts={(update) => setDrafts((current) => (typeof update === "function" ? update(current ?? formDrafts) : update))}
          onCancel={status === "failed" ? () => setResubmitting(false) : undefined}
          onSubmitted={() => setResubmitting(false)}
        />
      </>
    );
  } else {
    body = <Status view={view} onResubmit={() => setResubmitting(true)} />;
  }

  return (
    <section className="rb-card rb-reg" id={REGISTRATION_CARD_ID} aria-labelledby={HEADING_ID} data-testid="texting-registration-card">
      <h2 id={HEADING_ID} className="rb-h3">
        Texting registration
      </h2>
      {body}
    </section>
  );
}
