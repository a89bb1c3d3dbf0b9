import { MessageOutlined, PhoneFilled } from "@ant-design/icons";
import { env } from "@/config/env";
import { LinkButton } from "@/shared/ui/link-button";
import Button from "antd/es/button";

const telHref = `tel:${env.demoPhoneNumber}`;

function PhoneIllustration() {
  return (
    <svg viewBox="0 0 320 360" className="rb-hero__art" role="img" aria-labelledby="hero-art-title">
      <title id="hero-art-title">A phone receiving a text right after a missed call</title>
      <rect x="70" y="10" width="180" height="340" rx="28" className="rb-art-phone" />
      <rect x="82" y="40" width="156" height="280" rx="10" className="rb-art-screen" />
      <rect x="96" y="60" width="128" height="44" rx="10" className="rb-art-missed" />
      <text x="110" y="87" className="rb-art-text rb-art-text--danger">
        Missed call · 2:14 PM
      </text>
      <rect x="96" y="120" width="128" height="92" rx="12" className="rb-art-bubble" />
      <text x="108" y="144" className="rb-art-text">
        Thanks for calling!
      </text>
      <text x="108" y="164" className="rb-art-text">
        We missed your call
      </text>
      <text x="108" y="184" className="rb-art-text">
        but will get back to
      </text>
      <text x="108" y="202" className="rb-art-text">
        you soon.
      </text>
      <rect x="164" y="226" width="60" height="34" rx="12" className="rb-art-reply" />
      <text x="175" y="248" className="rb-art-text rb-art-text--light">
        Thanks!
      </text>
      <circle cx="40" cy="120" r="26" className="rb-art-accent" />
      <path d="M30 120l7 7 14-14" className="rb-art-check" />
      <circle cx="286" cy="250" r="22" className="rb-art-accent-soft" />
      <text x="272" y="257" className="rb-art-text rb-art-text--strong">
        3s
      </text>
    </svg>
  );
}

/** Hero: the promise, the trial offer and the demo line (its number is dialled, never shown). */
export function Hero() {
  return (
    <section className="rb-hero" aria-labelledby="hero-title">
      <div className="rb-container rb-hero__grid">
        <div className="rb-hero__copy">
          <p className="rb-pill">
            <MessageOutlined aria-hidden /> Missed-call text back for small businesses
          </p>
          <h1 id="hero-title" className="rb-display">
            Every missed call gets a text back in seconds.
          </h1>
          <p className="rb-lead">
            When you can't pick up, Rebound texts your caller within 2-3 seconds, so the job, the booking or the patient stays with you, not the next business
            on their list. Keep your number. Set up in 3 minutes.
          </p>
          <div className="rb-hero__actions">
            <LinkButton to="/register" buttonType="primary" size="large" className="rb-cta-accent">
              Start $14 Trial for $1
            </LinkButton>
            <Button size="large" href={telHref} icon={<PhoneFilled />}>
              Try It: Call Our Demo Line
            </Button>
          </div>
          <p className="rb-hero__note">14 days for $1 · Cancel anytime · No setup fees</p>
        </div>
        <PhoneIllustration />
      </div>
    </section>
  );
}

/** The floating tap-to-call button (phones and desktops alike). */
export function FloatingCallButton() {
  return (
    <a href={telHref} className="rb-floating-call" aria-label="Call the demo line">
      <PhoneFilled aria-hidden />
    </a>
  );
}
