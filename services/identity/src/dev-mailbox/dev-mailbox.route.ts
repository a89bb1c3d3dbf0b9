import type { RequestHandler } from "express";
import { notFound } from "@rebound/platform";
import { type DevMailbox } from "@rebound/providers/mail";
import { mailboxListPage, mailboxMessagePage } from "./mailbox-page";

/** GET /dev/mailbox: what the embedded mailer wrote, with clickable links (dev only). */
export function devMailboxListRoute(mailbox: DevMailbox): RequestHandler {
  return async (_req, res) => {
    res.type("html").send(mailboxListPage(await mailbox.list()));
  };
}

/** GET /dev/mailbox/:id: one message (dev only). */
export function devMailboxMessageRoute(mailbox: DevMailbox): RequestHandler {
  return async (req, res) => {
    const mail = await mailbox.read(String(req.params.id));
    if (!mail) throw notFound("Message not found");
    res.type("html").send(mailboxMessagePage(mail));
  };
}
