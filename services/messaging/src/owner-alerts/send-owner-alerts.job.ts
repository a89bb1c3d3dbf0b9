// Owner alerts: each texted missed call leaves a pending row (with SmsSent), and so does a missed
// call not texted for a reason the owner can fix (no subscription, US texting waiting for approval;
// with SmsSuppressed), a text the carrier blocked for want of registration (30034, with
// SmsStatusChanged), and a caller's reply or voicemail (a voicemail once its transcript came, or after
// a wait without one); this job sends a business's pending rows as one e-mail, at most one e-mail per
// interval per business.
// Rows survive a restart. A crash between the e-mail and its mark sends that e-mail again
// (at least once: an owner would rather hear twice than never).
import { OWNER_FIXABLE_REASONS, ownerAlertEmail, type CallerMessageAlert, type OwnerFixableReason } from "../domain/owner-alert-email";
import type { PendingAlert } from "../store/owner-alert.repository";
import type { MessagingDeps } from "../messaging-deps";

const BUSINESSES_PER_RUN = 50;
const CALLS_PER_EMAIL = 100;

const fixableReason = (reason: string | null): OwnerFixableReason => OWNER_FIXABLE_REASONS.find((known) => known === reason) ?? "no_subscription";

/** Sends the e-mails due now; returns how many went out. */
export async function sendOwnerAlerts(deps: MessagingDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.alerts.dueBusinesses(now, new Date(now.getTime() - deps.settings.ownerAlertMinGapMs), BUSINESSES_PER_RUN);
  let sent = 0;
  for (const businessId of due) {
    try {
      if (await sendFor(deps, businessId, now)) sent++;
    } catch (error) {
      deps.logger.warn({ err: error, businessId }, "owner alert e-mail failed; will retry");
    }
  }
  return sent;
}

async function sendFor(deps: MessagingDeps, businessId: string, now: Date): Promise<boolean> {
  const { db, alerts, readModel, mailer } = deps;
  const pending = await alerts.pendingOf(businessId, now, CALLS_PER_EMAIL);
  const ids = pending.map((alert) => alert.id);
  const business = readModel.business(businessId);
  const to = business?.profile?.ownerEmail.trim() ?? "";
  if (!business?.settings?.ownerAlertsEnabled || to === "") {
    await alerts.markEmailed(db.client, ids, now, true);
    return false;
  }
  const email = ownerAlertEmail({
    businessName: business.profile?.businessName ?? "",
    timeZone: business.settings.timeZone,
    calls: pending.filter((alert) => alert.kind === "texted"),
    notTexted: pending
      .filter((alert) => alert.kind === "not_texted")
      .map((alert) => ({ callerNumber: alert.callerNumber, calledAt: alert.textedAt, reason: fixableReason(alert.reason) })),
    notDelivered: pending
      .filter((alert) => alert.kind === "not_delivered")
      .map((alert) => ({ callerNumber: alert.callerNumber, at: alert.textedAt, errorCode: alert.reason ?? "" })),
    callerMessages: pending.flatMap((alert) => callerMessageOf(alert, deps.settings.threadUrl)),
    dashboardUrl: deps.settings.dashboardUrl(),
    plansUrl: deps.settings.plansUrl(),
    setupUrl: deps.settings.setupUrl(),
  });
  await mailer.send({ to, ...email });
  await alerts.markEmailed(db.client, ids, now, false);
  return true;
}

function callerMessageOf(alert: PendingAlert, threadUrl: (conversationId: string, callerNumber: string) => string): CallerMessageAlert[] {
  if (alert.kind !== "reply" && alert.kind !== "voicemail") return [];
  return [
    {
      kind: alert.kind,
      callerNumber: alert.callerNumber,
      message: alert.message,
      seconds: alert.seconds,
      at: alert.textedAt,
      threadUrl: threadUrl(alert.conversationId ?? "", alert.callerNumber),
    },
  ];
}
