import type { BusinessDeps } from "../business-deps";
import type { Business } from "../domain/business";
import { settingsUpdatedPayload } from "../domain/event-payloads";
import { applySettingsChange, settingsIssues, type SettingsChange } from "../domain/settings-change";
import { businessNotFound, validationFailed } from "../errors";

/** Saves the user's settings and emits one BusinessSettingsUpdated with the full new settings. */
export async function updateSettings(deps: BusinessDeps, userId: string, change: SettingsChange): Promise<Business> {
  return deps.db.transaction(async (tx) => {
    const current = await deps.businesses.lockByUserId(tx, userId);
    if (!current) throw businessNotFound();
    const settings = applySettingsChange(current.settings, change);
    const issues = settingsIssues(settings);
    if (issues.length > 0) throw validationFailed(issues);
    const updated = await deps.businesses.saveSettings(tx, current.id, settings, deps.clock.now());
    tx.append("BusinessSettingsUpdated", updated.id, settingsUpdatedPayload(updated));
    return updated;
  });
}
