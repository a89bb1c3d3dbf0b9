/** An HTTP client that keeps the session cookie between requests, as a browser does. */
export class Browser {
  cookie?: string;
  lastSetCookie?: string;

  constructor(private readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith("rebound.sid="));
    if (setCookie) {
      this.lastSetCookie = setCookie;
      const value = setCookie.split(";")[0] ?? "";
      this.cookie = value === "rebound.sid=" ? undefined : value;
    }
    return response;
  }

  async login(email: string, password = "secret-pass"): Promise<Response> {
    return this.request("POST", "/api/login", { email, password });
  }
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
