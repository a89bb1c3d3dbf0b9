import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/shared/api/client";

/** The carrier simulator's dev surface (standalone only): /dev/simulator/*. */
export interface SimulatedMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  status: string;
  createdAt: number;
}

/** Whether the simulator answers here (standalone, not production): then the Try it now panel shows. */
export function simulatorAvailableQueryOptions() {
  return queryOptions({
    queryKey: ["/dev/simulator/numbers"] as const,
    queryFn: async () => {
      try {
        await api.get("/dev/simulator/numbers");
        return true;
      } catch {
        return false;
      }
    },
  });
}

export function useSimulatorAvailable(): boolean {
  return useQuery(simulatorAvailableQueryOptions()).data === true;
}

export function simulateCall(from: string, to: string): Promise<{ callSid: string; webhookStatus: number }> {
  return api.post("/dev/simulator/calls", { from, to });
}

export function simulateReply(from: string, to: string, body: string): Promise<{ replies: string[] }> {
  return api.post("/dev/simulator/sms", { from, to, body });
}

export async function listMessagesTo(to: string): Promise<SimulatedMessage[]> {
  const { messages } = await api.get<{ messages: SimulatedMessage[] }>(`/dev/simulator/messages?to=${encodeURIComponent(to)}`);
  return messages;
}
