import { PhoneOutlined } from "@ant-design/icons";
import { LinkButton } from "@/shared/ui/link-button";
import { CopyButton } from "@/shared/ui/copy-button";
import { codeWithNumber, FORWARDING_TABLES } from "@/shared/content/forwarding-codes";

export function InstallationGuide() {
  return (
    <article className="rb-doc">
      <header className="rb-doc__header">
        <p className="rb-eyebrow">Setup guide</p>
        <h1 className="rb-h2">Call Forwarding Setup Guide</h1>
        <p className="rb-lead">
          Rebound works by forwarding the calls you miss to your dedicated Rebound number. You keep your business number; only unanswered calls are forwarded.
          Find your phone type below and dial the code once.
        </p>
      </header>
      <ol className="rb-doc__steps">
        <li>Sign up and pick your Rebound number in your dashboard.</li>
        <li>Dial the activation code for your phone, with your Rebound number in place of the brackets.</li>
        <li>Call your business number from another phone and let it ring out: you should get a text within seconds.</li>
      </ol>
      {FORWARDING_TABLES.map((table) => (
        <section key={table.id} className="rb-doc__section" aria-labelledby={`table-${table.id}`}>
          <h2 id={`table-${table.id}`} className="rb-h3">
            <PhoneOutlined aria-hidden /> {table.title}
          </h2>
          <p className="rb-muted">{table.intro}</p>
          <div className="rb-table-wrap">
            <table className="rb-table">
              <thead>
                <tr>
                  <th scope="col">Forward when</th>
                  <th scope="col">Activate</th>
                  <th scope="col">Deactivate</th>
                  <th scope="col">Check status</th>
                </tr>
              </thead>
              <tbody>
                {table.codes.map((code) => (
                  <tr key={code.activate}>
                    <th scope="row">
                      {code.purpose}
                      {code.note ? <span className="rb-tag">{code.note}</span> : null}
                    </th>
                    <td>
                      <span className="rb-code">
                        <code>{codeWithNumber(code.activate)}</code>
                        <CopyButton text={codeWithNumber(code.activate)} label={`activation code ${code.activate}`} />
                      </span>
                    </td>
                    <td>
                      {code.deactivate ? (
                        <span className="rb-code">
                          <code>{code.deactivate}</code>
                          <CopyButton text={code.deactivate} label={`deactivation code ${code.deactivate}`} />
                        </span>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td>{code.status ? <code>{code.status}</code> : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      <section className="rb-card rb-doc__cta">
        <h2 className="rb-h3">Not sure which code your carrier uses?</h2>
        <p className="rb-muted">Your carrier's support line can confirm that conditional call forwarding is on your plan. Most include it at no extra cost.</p>
        <LinkButton to="/register" buttonType="primary" size="large">
          Start $14 Trial for $1
        </LinkButton>
      </section>
    </article>
  );
}
