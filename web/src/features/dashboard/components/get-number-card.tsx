import { PhoneOutlined } from "@ant-design/icons";
import { LinkButton } from "@/shared/ui/link-button";

/** Without a dedicated number: the way to get one. */
export function GetNumberCard({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section className="rb-card rb-get-number" aria-labelledby="get-number">
      <span className="rb-card__icon" aria-hidden>
        <PhoneOutlined />
      </span>
      <Heading id="get-number" className="rb-h3">
        Get Your Phone Number
      </Heading>
      <p className="rb-muted">Pick a local Rebound number for your area. Your missed calls forward to it, and your callers get your text from it.</p>
      <LinkButton to="/phone-number-selection" buttonType="primary" size="large">
        Select Your Phone Number
      </LinkButton>
    </section>
  );
}
