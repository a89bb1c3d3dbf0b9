import { ClockCircleOutlined, EditOutlined, LineChartOutlined, MessageOutlined, MobileOutlined, SafetyOutlined } from "@ant-design/icons";

const BENEFITS = [
  {
    icon: <MessageOutlined />,
    title: "Texts back in seconds",
    text: "Your caller gets a friendly text 2-3 seconds after you miss the call, while they're still deciding who to call next.",
  },
  {
    icon: <MobileOutlined />,
    title: "Keep your number",
    text: "No new number to print on your van. Calls you miss forward to Rebound; everything else rings as usual.",
  },
  {
    icon: <EditOutlined />,
    title: "Your words, your brand",
    text: "Write your own message or start from an industry template, with your name, website and booking link.",
  },
  {
    icon: <ClockCircleOutlined />,
    title: "After-hours messages",
    text: "Set your hours and time zone. When you're closed, callers get a message that says when you'll be back.",
  },
  {
    icon: <LineChartOutlined />,
    title: "See every result",
    text: "Calls, missed calls and texts sent, in one simple dashboard. Know exactly how many callers you saved.",
  },
  {
    icon: <SafetyOutlined />,
    title: "Respectful by design",
    text: "Callers can reply STOP at any time. We never sell data and only keep what the service needs.",
  },
];

export function Benefits() {
  return (
    <section id="features" className="rb-section rb-anchor" aria-labelledby="features-title">
      <div className="rb-container">
        <h2 id="features-title" className="rb-h2 rb-center">
          Everything you need to win back missed calls
        </h2>
        <ul className="rb-grid rb-grid--3">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="rb-card">
              <span className="rb-card__icon" aria-hidden>
                {benefit.icon}
              </span>
              <h3 className="rb-h3">{benefit.title}</h3>
              <p className="rb-muted">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
