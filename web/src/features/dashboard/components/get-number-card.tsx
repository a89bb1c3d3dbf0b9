import { PhoneOutlined } from "@ant-design/icons";
import { ChoosePlanButton } from "@/shared/billing/choose-plan-alert";
import { usePlanNotice } from "@/shared/billing/use-plan-notice";
import { LinkButton } from "@/shared/ui/link-button";

/** Without a dedicated number: the way to get one; without a subscription in good standing, a plan comes first (checkout). */
export function GetNumberCard({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const { notice, checkout } = usePlanNotice();
  return (
    <section className="rb-card rb-get-number" aria-labelledby="get-number">
      <span className="rb-card__icon" aria-hidden>
        <PhoneOutlined />
      </span>
      <Heading id="get-number" className="rb-h3">
        Get Your Phone Number
      </Heading>
      {notice ? (
        <>
          <p className="rb-muted" data-testid="get-number-plan-first">
            First, choose a plan: your dedicated Rebound number comes with it. Your missed calls forward to that number, and your callers get your text from it.
          </p>
          <ChoosePlanButton checkout={checkout} size="large" />
        </>
      ) : (
        <>
          <p className="rb-muted">Pick a local Rebound number for your area. Your missed calls forward to it, and your callers get your text from it.</p>
          <LinkButton to="/phone-number-selection" buttonType="primary" size="large">
            Select Your Phone Number
          </LinkButton>
        </>
      )}
    </section>
  );
}
