import { TRIAL_DAYS } from "@rebound/contracts/domain";
import { Link } from "@tanstack/react-router";
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
          heading: "US texting registration",
          body: (
            <p>
              US carriers only deliver texts from a US local number once the business behind it is registered with them (A2P 10DLC). If your Rebound number is a
              US number, register your business from your dashboard and give accurate details. Until the carriers approve the registration, Rebound does not
              text callers with US numbers; callers with Canadian numbers are texted as usual. Carriers may reject or suspend a registration; we tell you why
              and what to change.
            </p>
          ),
        },
        {
          heading: "Text messages to your callers",
          body: (
            <>
              <p>
                These terms apply to everyone who receives a text sent through Rebound. When you call a business that uses Rebound and the call is missed, you
                receive one text from that business's number, sent by Rebound on its behalf. It is a one-time reply to the call you placed: usually that the
                business saw your call and will call you back, or when it opens. It is never marketing.
              </p>
              <ul className="rb-legal__list">
                <li>
                  Message frequency: at most one text per missed call. If you text the number back, you may get one automatic answer on how to reach the
                  business, and an answer to STOP, START or HELP.
                </li>
                <li>Message and data rates may apply.</li>
                <li>
                  Reply <strong>STOP</strong> to opt out at any time: you get one confirmation and no further texts from that number. Reply{" "}
                  <strong>START</strong> to opt back in.
                </li>
                <li>
                  Reply <strong>HELP</strong> for help and how to reach the business, or e-mail us at{" "}
                  <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a>.
                </li>
                <li>Carriers are not liable for delayed or undelivered messages.</li>
              </ul>
              <p>
                Our <Link to="/privacy">Privacy Policy</Link> explains how your number is handled. No mobile information is shared with third parties or
                affiliates for marketing or promotional purposes.
              </p>
            </>
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
