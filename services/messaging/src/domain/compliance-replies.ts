// The replies to keywords: short, naming the business, telling how to stop (carrier rules).
import { businessNameOf, UNNAMED_BUSINESS, type DispatchProfile } from "./dispatch-config";

/** The business name, else the owner's name, else "The business you called": never empty. */
function nameOf(profile: DispatchProfile | undefined): string {
  return businessNameOf(profile) || UNNAMED_BUSINESS;
}

export function optOutConfirmation(profile: DispatchProfile | undefined): string {
  return `${nameOf(profile)}: You are unsubscribed and will receive no more messages from this number. Reply START to resubscribe.`;
}

export function optInConfirmation(profile: DispatchProfile | undefined): string {
  return `${nameOf(profile)}: You are resubscribed and may receive messages from this number again. Reply STOP to unsubscribe.`;
}

export function helpReply(profile: DispatchProfile | undefined): string {
  const phone = profile?.businessPhone.trim() ?? "";
  const reach = phone === "" ? "" : ` To reach us, call ${phone}.`;
  return `${nameOf(profile)}: automatic replies to missed calls.${reach} Reply STOP to unsubscribe.`;
}
