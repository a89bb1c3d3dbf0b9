import { createContext, useContext } from "react";

export type ForwardingTab = "mobile" | "landline" | "voip";

export interface DashboardDialogs {
  openForwarding: (tab?: ForwardingTab) => void;
  openTutorial: () => void;
}

/** The header's dialogs, so a section's button (landline/VoIP instructions) opens the same one. */
export const DashboardDialogsContext = createContext<DashboardDialogs>({ openForwarding: () => undefined, openTutorial: () => undefined });

export function useDashboardDialogs(): DashboardDialogs {
  return useContext(DashboardDialogsContext);
}
