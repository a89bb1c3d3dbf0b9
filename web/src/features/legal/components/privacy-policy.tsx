import { Link } from "@tanstack/react-router";
import { env } from "@/config/env";
import { LegalPage } from "./legal-page";

export function PrivacyPolicy() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro="This policy explains what information Rebound collects when a business uses our missed-call text-back service and when you call one of those businesses, why we collect it, and the choices you have. Rebound serves businesses in the United States and Canada."
      sections={[
        {
          heading: "Information we collect",
          body: (
            <ul className="rb-legal__list">
              <li>Account details: your name, e-mail address and a hashed password.</li>
              <li>Business settings: business name and phone number, messages, templates, hours and time zone.</li>
              <li>
                Call and text records: caller phone numbers, call times and outcomes, the texts sent and their delivery status, and the STOP and START replies
                callers send.
              </li>
              <li>
                Texting registration details: to text US callers, carriers require each business to register its texting (A2P 10DLC). For that we collect the
                business's legal name, tax ID (EIN), address, website and a contact person's name, e-mail and phone number, or for a sole proprietor their name,
                e-mail and mobile number.
              </li>
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
            <>
              <p>
                When you call a business that uses Rebound and the call is missed, Rebound sends you one text from the business's number on its behalf, in reply
                to the call you placed: usually that the business saw your call and will call you back, or when it opens. You get it only because you called,
                and we send no marketing. Message frequency: at most one text per missed call. Message and data rates may apply.
              </p>
              <p>
                Reply <strong>STOP</strong> to opt out: we honour it immediately and automatically, and that business's number texts you no more. Reply{" "}
                <strong>START</strong> to opt back in, or <strong>HELP</strong> for help and how to reach the business. The full text message terms are in our{" "}
                <Link to="/terms">Terms of Service</Link>.
              </p>
              <p>
                Businesses are responsible for making sure their use of automatic texts complies with the laws that apply to them, including the TCPA and CASL.
              </p>
            </>
          ),
        },
        {
          heading: "Sharing",
          body: (
            <>
              <p>
                We share information only with the providers that make the service work (our telephony carrier, our card payment provider, hosting and e-mail
                delivery), under contracts that limit their use to providing the service, or when the law requires it. A business's texting registration details
                go to our telephony carrier, The Campaign Registry and the mobile carriers, which review every US texting registration.
              </p>
              <p>
                No mobile information will be shared with third parties or affiliates for marketing or promotional purposes. All the above categories exclude
                text messaging originator opt-in data and consent; this information will not be shared with any third parties.
              </p>
            </>
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
