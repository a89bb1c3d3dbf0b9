import { PhoneFilled } from "@ant-design/icons";
import { Collapse } from "antd";
import { env } from "@/config/env";
import { FAQ } from "@/shared/content/faq";
import { formatPhoneNumber } from "@/shared/lib/status";
import { LinkButton } from "@/shared/ui/link-button";

export function HelpCenter() {
  return (
    <div className="rb-doc">
      <header className="rb-doc__header">
        <p className="rb-eyebrow">Help Center</p>
        <h1 className="rb-h2">How can we help?</h1>
        <p className="rb-lead">
          Answers to the questions owners ask most. Still stuck? Write to <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a>.
        </p>
      </header>
      <Collapse
        size="large"
        className="rb-help-faq"
        items={FAQ.map((entry, index) => ({
          key: String(index),
          label: <h2 className="rb-faq__question">{entry.question}</h2>,
          children: <p>{entry.answer}</p>,
        }))}
      />
      <div className="rb-grid rb-grid--2">
        <section className="rb-card" aria-labelledby="demo-title">
          <h2 id="demo-title" className="rb-h3">
            Try it yourself
          </h2>
          <p className="rb-muted">Call our demo line and hang up before it's answered. You'll get a text back within seconds.</p>
          <p className="rb-demo-number">
            <PhoneFilled aria-hidden /> <a href={`tel:${env.demoPhoneNumber}`}>{formatPhoneNumber(env.demoPhoneNumber)}</a>
          </p>
        </section>
        <section className="rb-card" aria-labelledby="trial-title">
          <h2 id="trial-title" className="rb-h3">
            Ready to stop losing calls?
          </h2>
          <p className="rb-muted">14 days for $1, every feature included, cancel anytime.</p>
          <LinkButton to="/register" buttonType="primary" size="large">
            Start Free Trial
          </LinkButton>
        </section>
      </div>
    </div>
  );
}
