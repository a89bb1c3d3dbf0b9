const STATS = [
  { value: "98%", label: "customer satisfaction" },
  { value: "2.5x", label: "more leads converted" },
  { value: "2500+", label: "businesses texting back" },
  { value: "3 min", label: "setup in 3 minutes" },
] as const;

export function StatsStrip() {
  return (
    <section className="rb-stats" aria-label="Rebound in numbers">
      <ul className="rb-container rb-stats__list">
        {STATS.map((stat) => (
          <li key={stat.value}>
            <strong className="rb-stats__value">{stat.value}</strong>
            <span className="rb-stats__label">{stat.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
