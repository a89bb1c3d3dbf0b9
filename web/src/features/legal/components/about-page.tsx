import { LinkButton } from "@/shared/ui/link-button";

export function AboutPage() {
  return (
    <article className="rb-doc">
      <header className="rb-doc__header">
        <p className="rb-eyebrow">About Rebound</p>
        <h1 className="rb-h2">We help small businesses answer every caller</h1>
      </header>
      <p className="rb-lead">
        Most people who reach voicemail don't leave a message: they call the next business on the list. For a plumber under a sink, a dental office at 8 AM or a
        restaurant in the dinner rush, that's real money lost dozens of times a month.
      </p>
      <p>
        Rebound does one thing well. When you miss a call, your caller gets a friendly text from your business within seconds, so they know you'll get back to
        them. You keep your number, set it up in 3 minutes, and see every call you saved.
      </p>
      <p>We build for owners, not IT departments: plain words, no contracts, no hardware, and a person to help when you need one.</p>
      <div className="rb-doc__cta">
        <LinkButton to="/register" buttonType="primary" size="large">
          Start $14 Trial for $1
        </LinkButton>
      </div>
    </article>
  );
}
