const STEPS = [
  { title: "Connect your phone", text: "Pick your Rebound number and dial one forwarding code on your phone. Your number stays the same." },
  { title: "Customise your messages", text: "Write what callers get, during business hours and after. Templates for your industry get you started." },
  { title: "Watch conversions", text: "Every missed caller gets a text in seconds. See the calls you saved and the customers who came back." },
];

export function HowItWorks() {
  return (
    <section id="how-it-works" className="rb-section rb-anchor" aria-labelledby="how-title">
      <div className="rb-container">
        <h2 id="how-title" className="rb-h2 rb-center">
          How it works
        </h2>
        <p className="rb-muted rb-center rb-section__lead">Three steps, about 3 minutes, no new hardware.</p>
        <ol className="rb-grid rb-grid--3 rb-steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rb-card rb-step">
              <span className="rb-step__number" aria-hidden>
                {index + 1}
              </span>
              <h3 className="rb-h3">{step.title}</h3>
              <p className="rb-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
