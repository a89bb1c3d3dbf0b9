import { createFileRoute, Outlet, useParams } from "@tanstack/react-router";
import { DashboardShell } from "@/features/dashboard/components/dashboard-shell";
import { InboxLayout } from "@/features/inbox/components/inbox-layout";

/** The inbox (docs/conversations.md): /app/inbox is the list, /app/inbox/{id} a thread beside it (alone on a phone). */
export const Route = createFileRoute("/_authenticated/app/inbox")({ component: InboxRoute });

function InboxRoute() {
  const conversationId = useParams({ strict: false, select: (params) => params.conversationId });
  return (
    <DashboardShell section="inbox" focused={Boolean(conversationId)}>
      <InboxLayout activeId={conversationId}>
        <Outlet />
      </InboxLayout>
    </DashboardShell>
  );
}
