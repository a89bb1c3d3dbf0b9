import { FAQ } from "@/shared/content/faq";

/** Ten questions as native disclosure widgets (keyboard and screen-reader ready, no script). */
export function FaqSection() {
  return (
    <section id="faq" className="rb-section rb-anchor" aria-labelledby="faq-title">
      <div className="rb-container rb-container--narrow">
        <h2 id="faq-title" className="rb-h2 rb-center">
          Frequently asked questions
        </h2>
        <div className="rb-faq-list">
          {FAQ.map((entry) => (
            <details key={entry.question} className="rb-faq-item">
              <summary>
                <h3 className="rb-faq__question">{entry.question}</h3>
              </summary>
              <p>{entry.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
