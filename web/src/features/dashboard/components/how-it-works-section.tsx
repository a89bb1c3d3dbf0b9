import { ClockCircleOutlined, MessageOutlined, PhoneOutlined, ShareAltOutlined } from "@ant-design/icons";
import { displayName, useUser } from "@/shared/auth/get-user";
import { LinkButton } from "@/shared/ui/link-button";
import { ForwardingStatusCard } from "./forwarding-status-card";

const STEPS = [
  { icon: <PhoneOutlined />, title: "Customer calls", text: "You're busy with a job or a patient and can't pick up." },
  { icon: <ShareAltOutlined />, title: "Call forwards", text: "Your phone passes the missed call to your Rebound number." },
  { icon: <MessageOutlined />, title: "SMS sent", text: "Your caller gets your text within seconds, so they don't call the next business." },
];

const CHECKLIST = ["Get your Rebound number", "Dial one forwarding code from your business phone", "Test it with a call", "Write your message and hours"];

export function HowItWorksSection() {
  const { user } = useUser();
  return (
    <div className="rb-section-stack">
      <header className="rb-dash-head">
        <h1 className="rb-h2">{user ? `Welcome, ${displayName(user)}` : "Welcome"}</h1>
        <p className="rb-lead">Here's how Rebound turns missed calls into conversations.</p>
      </header>
      <ForwardingStatusCard />
      <ol className="rb-grid rb-grid--3 rb-dash-steps" aria-label="How it works">
        {STEPS.map((step, index) => (
          <li key={step.title} className="rb-card">
            <span className="rb-card__icon" aria-hidden>
              {step.icon}
            </span>
            <h2 className="rb-h3">
              {index + 1}. {step.title}
            </h2>
            <p className="rb-muted">{step.text}</p>
          </li>
        ))}
      </ol>
      <div className="rb-note rb-note--good">
        <strong>You keep your business number.</strong> Only the calls you don't answer are forwarded; your customers dial the number they already know.
      </div>
      <section className="rb-card rb-dash-start" aria-labelledby="start-setup">
        <p className="rb-pill">
          <ClockCircleOutlined aria-hidden /> Setup takes 2 minutes
        </p>
        <h2 id="start-setup" className="rb-h3">
          Four steps to your first recovered lead
        </h2>
        <ol className="rb-numbered">
          {CHECKLIST.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
        <LinkButton to="/app/{-$section}" params={{ section: "setup" }} buttonType="primary" size="large">
          Start Setup Now
        </LinkButton>
      </section>
    </div>
  );
}
