// Stand-ins for Mailpit and the OpenTelemetry collector in local compose stacks where their images
// cannot be pulled: an SMTP server that accepts every message and logs its envelope and subject, and an
// OTLP/HTTP endpoint that accepts every export. Node's standard library only.
//
//   node sinks.mjs smtp [port]     (default 1025)
//   node sinks.mjs otlp [port]     (default 4318)
//   node sinks.mjs check <port>    (healthcheck: exits 0 when something accepts connections there)
import { createServer as createHttpServer } from "node:http";
import { connect, createServer as createTcpServer } from "node:net";

const [mode, portArg] = process.argv.slice(2);

function log(fields) {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...fields })}\n`);
}

function smtp(port) {
  const server = createTcpServer((socket) => {
    const envelope = { from: "", to: [] };
    let buffer = "";
    let inData = false;
    let data = "";
    const reply = (line) => socket.write(`${line}\r\n`);
    reply("220 rebound-mail-sink ESMTP");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let end;
      while ((end = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            const subject = /^Subject: (.*)$/im.exec(data)?.[1] ?? "";
            log({ msg: "mail accepted", from: envelope.from, to: envelope.to, subject, bytes: data.length });
            envelope.from = "";
            envelope.to = [];
            data = "";
            reply("250 OK: queued");
          } else {
            data += `${line.startsWith("..") ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        switch (verb) {
          case "EHLO":
            reply("250-rebound-mail-sink\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250 SIZE 26214400");
            break;
          case "HELO":
            reply("250 rebound-mail-sink");
            break;
          case "MAIL":
            envelope.from = line.slice(10).trim();
            reply("250 OK");
            break;
          case "RCPT":
            envelope.to.push(line.slice(8).trim());
            reply("250 OK");
            break;
          case "DATA":
            inData = true;
            reply("354 End data with <CR><LF>.<CR><LF>");
            break;
          case "QUIT":
            reply("221 Bye");
            socket.end();
            break;
          case "RSET":
          case "NOOP":
            reply("250 OK");
            break;
          default:
            reply("502 Command not implemented");
        }
      }
    });
    socket.on("error", () => socket.destroy());
  });
  server.listen(port, "0.0.0.0", () => log({ msg: "SMTP sink listening", port }));
}

function otlp(port) {
  let exports = 0;
  const server = createHttpServer((req, res) => {
    req.resume();
    req.on("end", () => {
      exports++;
      res.writeHead(req.method === "POST" ? 200 : 404, { "content-type": "application/json" }).end("{}");
    });
  });
  setInterval(() => exports > 0 && log({ msg: "OTLP exports accepted", exports }), 60_000).unref();
  server.listen(port, "0.0.0.0", () => log({ msg: "OTLP sink listening", port }));
}

function check(port) {
  const socket = connect({ host: "127.0.0.1", port }, () => process.exit(0));
  socket.on("error", () => process.exit(1));
  setTimeout(() => process.exit(1), 2_000).unref();
}

if (mode === "smtp") smtp(Number(portArg ?? 1025));
else if (mode === "otlp") otlp(Number(portArg ?? 4318));
else if (mode === "check" && portArg) check(Number(portArg));
else {
  process.stderr.write("usage: node sinks.mjs smtp|otlp [port] | check <port>\n");
  process.exit(2);
}
