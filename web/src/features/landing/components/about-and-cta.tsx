import { TRIAL_DAYS } from "@rebound/contracts/domain";
import { LinkButton } from "@/shared/ui/link-button";

export function About() {
  return (
    <section id="about" className="rb-section rb-section--tinted" aria-labelledby="about-title">
      <div className="rb-container rb-container--narrow rb-about">
        <h2 id="about-title" className="rb-h2">
          Why we built Rebound
        </h2>
        <p>
          Most callers who reach voicemail don't leave a message. They call the next business on the list. For a plumber, a dentist or a restaurant, that's real
          money walking away dozens of times a month.
        </p>
        <p>
          Rebound is a small team that builds one thing well: a fast, friendly text to every caller you couldn't answer, so you can get back to them on your
          terms. No contracts, no hardware, no jargon.
        </p>
      </div>
    </section>
  );
}

export function FinalCta() {
  return (
    <section className="rb-final-cta" aria-labelledby="final-title">
      <div className="rb-container rb-center">
        <h2 id="final-title" className="rb-h2">
          Stop losing customers to voicemail
        </h2>
        <p className="rb-lead">Try every feature for {TRIAL_DAYS} days for $1. Set up in 3 minutes, cancel anytime.</p>
        <div className="rb-final-cta__actions">
          <LinkButton to="/register" buttonType="primary" size="large" className="rb-cta-accent">
            Start $14 Trial for $1
          </LinkButton>
          <LinkButton to="/calculator" size="large" ghost>
            Calculate Your Lost Revenue
          </LinkButton>
        </div>
      </div>
    </section>
  );
}
