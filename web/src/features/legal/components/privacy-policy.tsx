import { env } from "@/config/env";
import { LegalPage } from "./legal-page";

export function PrivacyPolicy() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro="This policy explains what information Rebound collects when you use our missed-call text-back service, why we collect it, and the choices you have. Rebound serves businesses in the United States and Canada."
      sections={[
        {
          heading: "Information we collect",
          body: (
            <ul className="rb-legal__list">
              <li>Account details: your name, e-mail address and a hashed password.</li>
              <li>Business settings: business name and phone number, messages, templates, hours and time zone.</li>
              <li>Call and text records: caller phone numbers, call times and outcomes, the texts sent and their delivery status.</li>
              <li>
                Billing details: handled by our card payment provider. We keep only the card brand, last four digits and expiry date, never the full card
                number.
              </li>
              <li>Technical data: session cookies needed to keep you signed in, and server logs used for security and troubleshooting.</li>
            </ul>
          ),
        },
        {
          heading: "How we use it",
          body: (
            <p>
              To run the service: detect missed calls forwarded to your Rebound number, send your message to the caller, show you your results, bill your
              subscription, and contact you about your account. We do not sell personal information and do not use your callers' numbers for marketing.
            </p>
          ),
        },
        {
          heading: "Text messages, consent and STOP",
          body: (
            <p>
              Rebound sends one automatic text to a caller whose call to your business went unanswered, on your behalf. You are responsible for making sure your
              use of automatic texts complies with the laws that apply to you, including the TCPA and CASL. Any recipient can reply STOP to stop further texts
              from your Rebound number; we honour it immediately and automatically, and HELP returns contact information. Message and data rates may apply to
              recipients.
            </p>
          ),
        },
        {
          heading: "Sharing",
          body: (
            <p>
              We share information only with the providers that make the service work (our telephony carrier, our card payment provider, hosting and e-mail
              delivery), under contracts that limit their use to providing the service, or when the law requires it.
            </p>
          ),
        },
        {
          heading: "How long we keep data",
          body: (
            <p>
              Call and text records are kept while your account is open so you can see your history. When you close your account we delete your account,
              settings and records within 30 days, except billing records we must keep for tax and accounting purposes. Backups are overwritten within a further
              30 days.
            </p>
          ),
        },
        {
          heading: "Security",
          body: (
            <p>
              Data is encrypted in transit, passwords are stored only as strong one-way hashes, and access to production systems is limited to staff who need
              it.
            </p>
          ),
        },
        {
          heading: "Your choices and rights",
          body: (
            <p>
              You can view and update your account details in Settings, and ask us for a copy of your data or to delete it. Residents of some states and
              provinces have additional rights; we honour them for every customer.
            </p>
          ),
        },
        {
          heading: "Changes and contact",
          body: (
            <p>
              We will give you 30 days' notice by e-mail before a material change to this policy takes effect. Questions:{" "}
              <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a>.
            </p>
          ),
        },
      ]}
    />
  );
}
