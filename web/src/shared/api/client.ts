/**
 * The one API client (docs/product.md sections 7 and 8): cookies always sent, JSON in and out,
 * failures thrown as ApiError whose message is '<status>: <body or status text>',
 * and a 401 handled in one place (the app registers what to do).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }

  /** The per-field messages of a validation failure (`errors: [{field, message}]`), when there are some. */
  get fieldErrors(): Record<string, string> {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === "object" && "errors" in parsed && Array.isArray(parsed.errors)) {
        const entries = (parsed.errors as unknown[]).flatMap((item) =>
          item && typeof item === "object" && "field" in item && "message" in item && typeof item.field === "string" && typeof item.message === "string"
            ? [[item.field, item.message] as const]
            : [],
        );
        return Object.fromEntries(entries);
      }
    } catch {
      // not JSON: no field messages
    }
    return {};
  }

  /** The `message` field of a JSON error body, when there is one. */
  get serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string" && parsed.message) {
        return parsed.message;
      }
    } catch {
      // not JSON: no server message
    }
    return undefined;
  }
}

/** The server message of a failed call, or the fallback (docs/product.md section 8's defaults). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}

/** A fetch that never reached the server (offline, DNS, refused). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | undefined;

/** What the app does when a call answers 401 (clear the user, send protected screens to /login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | undefined): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Answer `null` instead of throwing on 401 (the current-user probe). */
  nullOn401?: boolean;
  signal?: AbortSignal;
}

export async function apiRequest<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: "include",
    headers: {
      Accept: "application/json",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...options.headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  });
  if ((response.status === 401 && options.nullOn401) || response.status === 204) {
    await discardBody(response);
    return (response.status === 204 ? undefined : null) as T;
  }
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    if (response.status === 401) onUnauthorized?.();
    throw new ApiError(response.status, response.statusText, text);
  }
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Cancels a body nobody reads. Left unread, the browser keeps the response open (and counts it
 * in flight: a signed-out visitor's page never reached network idle after the 401 probe).
 */
async function discardBody(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>("GET", path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>("POST", path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>("PUT", path, body ?? {}, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>("PATCH", path, body ?? {}, options),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>("DELETE", path, undefined, options),
};
