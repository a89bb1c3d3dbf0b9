import { createFileRoute } from "@tanstack/react-router";
import { ThreadView } from "@/features/inbox/components/thread-view";

export const Route = createFileRoute("/_authenticated/app/inbox/$conversationId")({ component: ThreadRoute });

function ThreadRoute() {
  const { conversationId } = Route.useParams();
  // A thread of its own per conversation: the reply box and the read marker start afresh.
  return <ThreadView key={conversationId} conversationId={conversationId} />;
}
