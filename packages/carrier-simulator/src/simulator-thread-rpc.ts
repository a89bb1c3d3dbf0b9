// `npm start`'s provider calls to the simulator thread: the same RPC as distributed mode's HTTP one
// (remote-simulator.ts: a method, its JSON arguments, a status and a JSON answer), carried on a
// MessagePort instead of a loopback HTTP exchange. A text's send then costs neither thread an HTTP
// request, express or a body parser (docs/decisions.md, issue 27).
import type { MessagePort } from "node:worker_threads";
import type { PostReply } from "@rebound/platform";
import type { CarrierSimulator } from "./carrier-simulator";
import { answerSimulatorRpc, type SimulatorRpcTransport } from "./remote-simulator";

interface RpcRequest {
  id: number;
  method: string;
  body: string;
}

interface RpcReply extends PostReply {
  id: number;
}

/** The thread's side: answers every request on `port` with the simulator. */
export function serveSimulatorRpc(port: MessagePort, carrier: CarrierSimulator): void {
  port.on("message", (request: RpcRequest) => {
    void answer(carrier, request).then((reply) => port.postMessage(reply));
  });
}

async function answer(carrier: CarrierSimulator, request: RpcRequest): Promise<RpcReply> {
  let body: unknown;
  try {
    body = JSON.parse(request.body);
  } catch {
    return { id: request.id, status: 400, text: JSON.stringify({ error: { message: "the RPC's body is not JSON" } }) };
  }
  const answered = await answerSimulatorRpc(carrier, request.method, body);
  return { id: request.id, status: answered.status, text: JSON.stringify(answered.body) };
}

/** The product's side of `port`; `close` fails what is still waiting. */
export interface PortTransport {
  transport: SimulatorRpcTransport;
  close(): void;
}

/** Requests on `port`, each answered or failed after its timeout (a thread that died or hung fails them, retryable). */
export function simulatorPortTransport(port: MessagePort): PortTransport {
  const waiting = new Map<number, { resolve: (reply: PostReply) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
  let nextId = 1;
  let closed = false;
  port.on("message", (reply: RpcReply) => {
    const call = waiting.get(reply.id);
    if (!call) return; // answered after its timeout
    waiting.delete(reply.id);
    clearTimeout(call.timer);
    call.resolve({ status: reply.status, text: reply.text });
  });
  // The port never keeps the process alive by itself: a waiting call's timer does.
  port.unref();
  const transport: SimulatorRpcTransport = (method, body, timeoutMs) => {
    if (closed) return Promise.reject(new Error("the simulator thread has stopped"));
    const id = nextId++;
    return new Promise<PostReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      waiting.set(id, { resolve, reject, timer });
      port.postMessage({ id, method, body } satisfies RpcRequest);
    });
  };
  return {
    transport,
    close: () => {
      closed = true;
      for (const [id, call] of waiting) {
        clearTimeout(call.timer);
        waiting.delete(id);
        call.reject(new Error("the simulator thread has stopped"));
      }
      port.close();
    },
  };
}
