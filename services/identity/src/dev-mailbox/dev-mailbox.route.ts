import { Router } from "express";
import { notFound, type DevMailbox } from "@rebound/platform";
import { mailboxListPage, mailboxMessagePage } from "./mailbox-page";

/** GET /dev/mailbox: what the embedded mailer wrote, with clickable links (dev only). */
export function devMailboxRoutes(mailbox: DevMailbox): Router {
  const router = Router();
  router.get("/dev/mailbox", async (_req, res) => {
    res.type("html").send(mailboxListPage(await mailbox.list()));
  });
  router.get("/dev/mailbox/:id", async (req, res) => {
    const mail = await mailbox.read(req.params.id);
    if (!mail) throw notFound("Message not found");
    res.type("html").send(mailboxMessagePage(mail));
  });
  return router;
}
