import { createFileRoute } from "@tanstack/react-router";
import { ThreadPlaceholder } from "@/features/inbox/components/thread-view";

export const Route = createFileRoute("/_authenticated/app/inbox/")({ component: ThreadPlaceholder });
