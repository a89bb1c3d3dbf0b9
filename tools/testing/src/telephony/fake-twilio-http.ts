import type { Request, Response } from "express";

/** A form body or query string as express parses it: a repeated key (MessageSamples) is an array. */
export type FormParams = Record<string, string | string[] | undefined>;

/** One request the fake answered after authenticating it: what tests assert on (never the auth token). */
export interface FakeTwilioRequest {
  method: string;
  /** The path without the query, e.g. /v1/CustomerProfiles or /2010-04-01/Accounts/AC.../Messages.json. */
  path: string;
  /** The Basic-auth user: the account whose credentials were used (parent or subaccount). */
  user: string;
  /** The account the request acts in: the path's account for 2010 resources, else the user. */
  accountSid: string;
  /** The form body of a POST, the query of a GET, with Twilio's parameter names. */
  params: FormParams;
  /** The X-Twilio-Api-Version header, when sent. */
  apiVersion?: string;
  /** Epoch ms at which it arrived. */
  at: number;
}

/** Twilio's JSON error body: `{code, message, more_info, status}`. */
export function twilioError(res: Response, status: number, code: number | undefined, message: string): void {
  res.status(status).json({ code: code ?? null, message, more_info: code ? `https://www.twilio.com/docs/errors/${code}` : null, status });
}

/** What Twilio answers for a required parameter left out: 400, code 20001. */
export function missingParameter(res: Response, name: string): void {
  twilioError(res, 400, 20001, `Missing required parameter ${name} in the post body`);
}

/** 404, code 20404, as Twilio answers an unknown resource. */
export function notFound(res: Response, req: Request): void {
  twilioError(res, 404, 20404, `The requested resource ${req.originalUrl.split("?")[0]} was not found`);
}

/** Answers 400 for the first required parameter that is absent or empty; true when one was. */
export function refuseMissing(res: Response, form: FormParams, names: string[]): boolean {
  const missing = names.find((name) => {
    const value = form[name];
    return value === undefined || (Array.isArray(value) ? value.length === 0 : value === "");
  });
  if (missing === undefined) return false;
  missingParameter(res, missing);
  return true;
}

/** The single value of a parameter (the first when repeated). */
export function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A repeated parameter as a list. */
export function list(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Twilio's booleans on the wire: "true" / "false" (the SDK's serialize.bool). */
export function bool(value: string | string[] | undefined): boolean | undefined {
  const text = single(value);
  if (text === undefined) return undefined;
  return text.toLowerCase() === "true";
}

/** The Basic-auth user and password of a request, or undefined. */
export function basicCredentials(header: string | undefined): { user: string; password: string } | undefined {
  if (!header?.startsWith("Basic ")) return undefined;
  const decoded = Buffer.from(header.slice("Basic ".length), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The account an authenticated request acts in (set by the fake's authentication). */
export function actingAccount(res: Response): string {
  return String(res.locals.accountSid);
}
