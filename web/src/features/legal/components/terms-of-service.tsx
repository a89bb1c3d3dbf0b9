import { TRIAL_DAYS } from "@rebound/contracts/domain";
import { env } from "@/config/env";
import { LegalPage } from "./legal-page";

export function TermsOfService() {
  return (
    <LegalPage
      title="Terms of Service"
      intro="These terms govern your use of Rebound, a service that texts callers back when your business misses their call. By creating an account you agree to them on behalf of your business."
      sections={[
        {
          heading: "The service",
          body: (
            <p>
              Rebound provides a dedicated phone number, receives the calls you forward to it, and sends your chosen text message to callers whose calls were
              not answered. You keep your own business number and control forwarding from your own phone.
            </p>
          ),
        },
        {
          heading: "Your account",
          body: (
            <p>
              You must give accurate information, keep your password safe, and be authorised to act for your business. You are responsible for activity under
              your account.
            </p>
          ),
        },
        {
          heading: "Acceptable use and SMS compliance",
          body: (
            <p>
              You may use Rebound only to reply to people who called your business. You must not send marketing, unlawful, misleading or abusive content. You
              are responsible for your message content and for complying with the TCPA, CASL, carrier rules and other laws that apply to you. Recipients can
              reply STOP at any time and will receive no further texts from your Rebound number.
            </p>
          ),
        },
        {
          heading: "Trial, billing and cancellation",
          body: (
            <p>
              New accounts start with a {TRIAL_DAYS}-day trial that costs $1. Unless you cancel during the trial, your chosen plan is billed automatically
              afterwards, monthly or yearly in advance. A dedicated phone number is billed monthly. You can cancel anytime in Billing & Plans: your subscription
              then ends at the close of the paid period and is not renewed. Fees already paid are not refunded except where the law requires. There are no setup
              or cancellation fees.
            </p>
          ),
        },
        {
          heading: "Changes to prices and terms",
          body: (
            <p>
              We will give you at least 30 days' notice by e-mail before a change to our prices or these terms takes effect. If you do not agree, you may cancel
              before the change applies.
            </p>
          ),
        },
        {
          heading: "Availability",
          body: (
            <p>
              We aim for 99.9% monthly uptime, excluding planned maintenance announced in advance. Text delivery depends on telephone carriers outside our
              control, so we cannot guarantee that every message is delivered.
            </p>
          ),
        },
        {
          heading: "Your data",
          body: (
            <p>
              Your business data stays yours. Our Privacy Policy explains how we handle it, and we delete it when you close your account as described there.
            </p>
          ),
        },
        {
          heading: "Limitation of liability",
          body: (
            <p>
              To the extent the law allows, Rebound is not liable for indirect or consequential losses, including lost profits or lost business, and our total
              liability for any claim is limited to the fees you paid us in the 12 months before the claim arose.
            </p>
          ),
        },
        {
          heading: "Ending the agreement",
          body: <p>You may close your account at any time. We may suspend or close accounts that break these terms, after notice where reasonable.</p>,
        },
        {
          heading: "Contact",
          body: (
            <p>
              Questions about these terms: <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a>.
            </p>
          ),
        },
      ]}
    />
  );
}
