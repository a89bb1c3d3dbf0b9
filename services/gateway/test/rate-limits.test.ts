import { json, signUpBody, startGateway, type GatewayHarness } from "./gateway-harness";

/** The lock of one (account, address) after 10 attempts; long enough that the 50 attempts all fall inside it, short enough to wait for. */
const BLOCK_SECONDS = 6;
/** Past 10 attempts on an account from anywhere, one attempt per this many seconds. */
const BACKOFF_SECONDS = 2;
let gateway: GatewayHarness;
beforeAll(async () => {
  gateway = await startGateway({
    rateLimits: {
      loginEmailIp: { points: 10, durationSeconds: 60, blockDurationSeconds: BLOCK_SECONDS },
      loginEmail: { points: 10, durationSeconds: 60 },
      loginBackoff: { points: 1, durationSeconds: BACKOFF_SECONDS },
      loginIp: { points: 1000, durationSeconds: 60 },
      register: { points: 2, durationSeconds: 60 },
      forgotPasswordEmail: { points: 2, durationSeconds: 60 },
      resendVerification: { points: 1, durationSeconds: 60 },
    },
  });
});
afterAll(async () => {
  await gateway.stop();
});

const email = () => `limited-${Math.random().toString(36).slice(2)}@example.com`;

describe("login brute force", () => {
  it("given 50 wrong passwords for one account, when they arrive, then they are throttled with 429 + Retry-After, and after the window the right password works", async () => {
    const user = gateway.services.add(email());
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let attempt = 0; attempt < 50; attempt++) {
      const response = await gateway.browser().login(user.email, `wrong-password-${attempt}`);
      statuses.push(response.status);
      if (response.status === 429) {
        retryAfter = response.headers.get("retry-after");
        expect((await json(response)).message).toBe("Too many attempts. Please try again later.");
      }
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(BLOCK_SECONDS);

    const blocked = await gateway.browser().login(user.email);
    expect(blocked.status).toBe(429);

    await new Promise((resolve) => setTimeout(resolve, (Number(blocked.headers.get("retry-after")) + 0.2) * 1000));
    const browser = gateway.browser();
    const afterWindow = await browser.login(user.email);
    expect(afterWindow.status).toBe(200);
    expect(browser.cookie).toBeDefined();
  });

  it("given one account blocked, when another account signs in from the same place, then it is not affected", async () => {
    const victim = gateway.services.add(email());
    const other = gateway.services.add(email());
    for (let attempt = 0; attempt < 11; attempt++) await gateway.browser().login(victim.email, "wrong-password");
    expect((await gateway.browser().login(other.email)).status).toBe(200);
  });
});

const from = (ip: string) => ({ "x-forwarded-for": ip });
const loginFrom = (user: { email: string }, password: string, ip: string) =>
  gateway.browser().request("POST", "/api/login", { email: user.email, password }, from(ip));

/** The owner's right password from `ip`: refused at most for the short back-off, then signed in. */
async function ownerSignsIn(user: { email: string }, ip: string): Promise<void> {
  const first = await loginFrom(user, "secret-pass", ip);
  if (first.status === 429) {
    const wait = Number(first.headers.get("retry-after"));
    expect(wait).toBeLessThanOrEqual(BACKOFF_SECONDS);
    await new Promise((resolve) => setTimeout(resolve, (wait + 0.2) * 1000));
    expect((await loginFrom(user, "secret-pass", ip)).status).toBe(200);
  } else {
    expect(first.status).toBe(200);
  }
}

describe("account lockout and the real owner (issue 16)", () => {
  it("given guesses from one address, then that address is locked out (the right password too), while the owner elsewhere signs in", async () => {
    const user = gateway.services.add(email());
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) statuses.push((await loginFrom(user, "wrong-password", "198.51.100.1")).status);
    expect(statuses).toEqual(statuses.map(() => 401));
    const locked = await loginFrom(user, "secret-pass", "198.51.100.1");
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(BACKOFF_SECONDS);
    await ownerSignsIn(user, "198.51.100.3");
  });

  it("given 25 wrong passwords from rotating addresses, then the account is slowed (429 with a short Retry-After), not locked: the owner at a fresh address signs in", async () => {
    const user = gateway.services.add(email());
    const answers: Array<[number, number]> = [];
    for (let attempt = 0; attempt < 25; attempt++) {
      const response = await loginFrom(user, `wrong-password-${attempt}`, `198.51.100.${attempt + 10}`);
      answers.push([response.status, Number(response.headers.get("retry-after") ?? 0)]);
    }
    expect(answers.slice(0, 10).map(([status]) => status)).toEqual(Array.from({ length: 10 }, () => 401));
    const slowed = answers.slice(10).filter(([status]) => status === 429);
    expect(slowed.length).toBeGreaterThan(0);
    expect(slowed.every(([, retryAfter]) => retryAfter >= 1 && retryAfter <= BACKOFF_SECONDS)).toBe(true);
    await ownerSignsIn(user, "203.0.113.77");
  });
});

describe("change-password brute force (issue 16)", () => {
  it("given a stolen session guessing the current password, then it is throttled like login and that address's login is blocked too", async () => {
    const user = gateway.services.add(email());
    const thief = gateway.browser();
    expect((await thief.login(user.email)).status).toBe(200);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 15; attempt++) {
      const response = await thief.request("PUT", "/api/auth/change-password", {
        currentPassword: `guess-${attempt}`,
        newPassword: "taken-over-1",
        confirmPassword: "taken-over-1",
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect((await gateway.browser().login(user.email)).status).toBe(429);
  });
});

describe("e-mail change brute force (the current password it needs)", () => {
  const changeEmail = (browser: ReturnType<GatewayHarness["browser"]>, currentPassword: string) =>
    browser.request("PATCH", "/api/user/profile", { firstName: "Dana", lastName: "Reyes", email: "taken-over@example.com", currentPassword });

  it("given a stolen session guessing the current password through an e-mail change, then 10 wrong guesses, then 429, and the right password too", async () => {
    const user = gateway.services.add(email());
    const thief = gateway.browser();
    expect((await thief.login(user.email)).status).toBe(200);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 25; attempt++) statuses.push((await changeEmail(thief, `guess-${attempt}`)).status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    const right = await changeEmail(thief, "secret-pass");
    expect(right.status).toBe(429);
    expect((await json(right)).message).toBe("Too many attempts. Please try again later.");
  });

  it("given guesses through change-password, then the e-mail change shares their count (10 in all, not 10 each)", async () => {
    const user = gateway.services.add(email());
    const thief = gateway.browser();
    expect((await thief.login(user.email)).status).toBe(200);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push(
        (
          await thief.request("PUT", "/api/auth/change-password", {
            currentPassword: `guess-${attempt}`,
            newPassword: "taken-over-1",
            confirmPassword: "taken-over-1",
          })
        ).status,
      );
    }
    for (let attempt = 0; attempt < 5; attempt++) statuses.push((await changeEmail(thief, `guess-${attempt}`)).status);
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 400), 429]);
  });

  it("given a name change only (same e-mail, no password), then it is not counted", async () => {
    const user = gateway.services.add(email());
    const owner = gateway.browser();
    expect((await owner.login(user.email)).status).toBe(200);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++)
      statuses.push((await owner.request("PATCH", "/api/user/profile", { firstName: `Dana${attempt}`, lastName: "Reyes", email: user.email })).status);
    expect(statuses).toEqual(statuses.map(() => 200));
  });
});

describe("other limits", () => {
  it("given the register budget of this IP is spent, when registering again, then 429", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      statuses.push((await gateway.browser().request("POST", "/api/register", signUpBody(email()))).status);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });

  it("given reset e-mails were asked for one address twice, when asked a third time, then 429 before the service", async () => {
    const address = email();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      statuses.push((await gateway.browser().request("POST", "/api/auth/forgot-password", { email: address })).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("given a verification e-mail was just resent, when resent again, then 429", async () => {
    const user = gateway.services.add(email());
    const browser = gateway.browser();
    await browser.login(user.email);
    const first = await browser.request("POST", "/api/auth/resend-verification");
    const second = await browser.request("POST", "/api/auth/resend-verification");
    expect([first.status, second.status]).toEqual([200, 429]);
    expect(second.headers.get("retry-after")).not.toBeNull();
  });
});

describe("login per IP", () => {
  let tight: GatewayHarness;
  beforeAll(async () => {
    tight = await startGateway({ rateLimits: { loginIp: { points: 5, durationSeconds: 60, blockDurationSeconds: 120 } } });
  });
  afterAll(async () => {
    await tight.stop();
  });

  it("given one IP tries many accounts, when its budget is spent, then even a new account is refused with 429", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) statuses.push((await tight.browser().login(email(), "wrong-password")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const user = tight.services.add(email());
    const response = await tight.browser().login(user.email);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(60);
  });
});
