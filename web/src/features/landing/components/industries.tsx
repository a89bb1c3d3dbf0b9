import { BankOutlined, CoffeeOutlined, MedicineBoxOutlined, ToolOutlined } from "@ant-design/icons";

const INDUSTRIES = [
  {
    icon: <ToolOutlined />,
    title: "Home Services & Contractors",
    description: "You're on a roof or under a sink when the phone rings. Rebound answers for you.",
    benefits: ["Book the job before a competitor does", "Share your emergency line after hours", "Send a link to request a quote"],
  },
  {
    icon: <MedicineBoxOutlined />,
    title: "Healthcare & Dental",
    description: "The front desk can't take every call during a busy morning. Patients still hear back.",
    benefits: ["Point patients to online booking", "Give your after-hours line", "Fewer patients lost to the next practice"],
  },
  {
    icon: <BankOutlined />,
    title: "Professional Services",
    description: "Lawyers, accountants and agents in meetings all day: every new enquiry gets a reply.",
    benefits: ["Reply to new enquiries instantly", "Share your scheduling link", "Look responsive even when you're busy"],
  },
  {
    icon: <CoffeeOutlined />,
    title: "Restaurants",
    description: "The dinner rush is no time to answer the phone. Guests still get your menu and booking link.",
    benefits: ["Send your online ordering link", "Share opening hours automatically", "Take more reservations"],
  },
];

export function Industries() {
  return (
    <section className="rb-section rb-section--tinted" aria-labelledby="industries-title">
      <div className="rb-container">
        <h2 id="industries-title" className="rb-h2 rb-center">
          Built for busy small businesses
        </h2>
        <ul className="rb-grid rb-grid--4">
          {INDUSTRIES.map((industry) => (
            <li key={industry.title} className="rb-card">
              <span className="rb-card__icon" aria-hidden>
                {industry.icon}
              </span>
              <h3 className="rb-h3">{industry.title}</h3>
              <p className="rb-muted">{industry.description}</p>
              <ul className="rb-checklist">
                {industry.benefits.map((benefit) => (
                  <li key={benefit}>{benefit}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
