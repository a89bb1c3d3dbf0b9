import { SearchOutlined } from "@ant-design/icons";
import { Collapse, Input, Modal } from "antd";
import { useState } from "react";
import { codeWithNumber, FORWARDING_TABLES, type ForwardingTable } from "@/shared/content/forwarding-codes";
import { CopyButton } from "@/shared/ui/copy-button";
import { CARRIER_HELP_LINES, FORWARDING_COSTS, searchProviders } from "../content/voip-providers";
import type { ForwardingTab } from "./dashboard-dialogs";
import { dialString } from "../lib/dial-string";
import { SimpleTabs } from "./simple-tabs";

function CodeList({ table, number }: { table: ForwardingTable; number?: string }) {
  return (
    <section className="rb-fwd__table" aria-labelledby={`fwd-${table.id}`}>
      <h3 id={`fwd-${table.id}`} className="rb-h3">
        {table.title}
      </h3>
      <p className="rb-muted">{table.intro}</p>
      <ul className="rb-fwd__codes">
        {table.codes.map((code) => {
          const text = codeWithNumber(code.activate, number);
          return (
            <li key={code.activate}>
              <span className="rb-fwd__purpose">
                {code.purpose}
                {code.note ? <span className="rb-tag">{code.note}</span> : null}
              </span>
              <span className="rb-code">
                <code>{text}</code>
                <CopyButton text={text} label={`code for ${code.purpose}`} />
              </span>
              {code.deactivate ? (
                <span className="rb-fwd__off">
                  To turn off: <code>{code.deactivate}</code>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function VoipList() {
  const [query, setQuery] = useState("");
  const providers = searchProviders(query);
  return (
    <div className="rb-fwd__voip">
      <label htmlFor="voip-search" className="rb-field__label">
        Find your VoIP provider
      </label>
      <Input
        id="voip-search"
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder="RingCentral, Google Voice..."
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {providers.length === 0 ? (
        <div className="rb-empty" role="status">
          <p className="rb-empty__title">No providers found matching "{query.trim()}"</p>
          <p className="rb-muted">Try searching for a different provider name</p>
        </div>
      ) : (
        <Collapse
          className="rb-fwd__providers"
          items={providers.map((provider) => ({
            key: provider.name,
            label: provider.name,
            children: (
              <ol className="rb-doc__steps">
                {provider.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            ),
          }))}
        />
      )}
    </div>
  );
}

/** Forwarding instructions: Mobile Phones, Landlines, VoIP Services, then carrier help lines and costs. */
export function ForwardingDialog({
  open,
  tab,
  onTab,
  onClose,
  dedicatedNumber,
}: {
  open: boolean;
  tab: ForwardingTab;
  onTab: (tab: ForwardingTab) => void;
  onClose: () => void;
  dedicatedNumber?: string | null;
}) {
  const number = dedicatedNumber ? dialString(dedicatedNumber) : undefined;
  const [mobile, usLandline, canada, uk] = FORWARDING_TABLES;
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={760} title="Call forwarding instructions" destroyOnHidden>
      <SimpleTabs
        label="Phone type"
        active={tab}
        onChange={onTab}
        tabs={[
          { key: "mobile", label: "Mobile Phones", panel: mobile ? <CodeList table={mobile} number={number} /> : null },
          {
            key: "landline",
            label: "Landlines",
            panel: (
              <div className="rb-fwd__stack">
                {[usLandline, canada, uk].map((table) => (table ? <CodeList key={table.id} table={table} number={number} /> : null))}
              </div>
            ),
          },
          { key: "voip", label: "VoIP Services", panel: <VoipList /> },
        ]}
      />
      <div className="rb-fwd__help">
        <section aria-labelledby="fwd-help">
          <h3 id="fwd-help" className="rb-h3">
            Carrier help lines
          </h3>
          <ul className="rb-fwd__lines">
            {CARRIER_HELP_LINES.map((item) => (
              <li key={item.carrier}>
                <strong>{item.carrier}:</strong> <span className="rb-nowrap">{item.dial}</span> from your {item.carrier} phone, or{" "}
                <span className="rb-nowrap">{item.tollFree}</span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="fwd-costs">
          <h3 id="fwd-costs" className="rb-h3">
            Forwarding costs
          </h3>
          <ul className="rb-checklist">
            {FORWARDING_COSTS.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      </div>
    </Modal>
  );
}
