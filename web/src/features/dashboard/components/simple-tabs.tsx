import { useRef, type KeyboardEvent, type ReactNode } from "react";

interface Tab<K extends string> {
  key: K;
  label: string;
  panel: ReactNode;
}

/** A WAI-ARIA tablist whose tabs wrap on narrow screens (antd's Tabs hides overflowing tabs behind a menu). */
export function SimpleTabs<K extends string>({ label, tabs, active, onChange }: { label: string; tabs: Tab<K>[]; active: K; onChange: (key: K) => void }) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    onChange(next.key);
    refs.current[next.key]?.focus();
  };
  const current = tabs.find((tab) => tab.key === active) ?? tabs[0];
  return (
    <div className="rb-tabs">
      <div role="tablist" aria-label={label} className="rb-tabs__list">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(element) => {
              refs.current[tab.key] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${tab.key}`}
            aria-selected={tab.key === active}
            aria-controls={`panel-${tab.key}`}
            tabIndex={tab.key === active ? 0 : -1}
            className={tab.key === active ? "rb-tabs__tab rb-tabs__tab--active" : "rb-tabs__tab"}
            onClick={() => onChange(tab.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {current ? (
        <div role="tabpanel" id={`panel-${current.key}`} aria-labelledby={`tab-${current.key}`} className="rb-tabs__panel">
          {current.panel}
        </div>
      ) : null}
    </div>
  );
}
