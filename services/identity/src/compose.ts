// The composition root of the identity process: the mailer, the service, runServiceMain.
import { loadConfig, runServiceMain } from "@rebound/platform";
import { createMailer, mailConfigSchema } from "@rebound/providers/mail";
import { createIdentityService } from "./service";

export async function runIdentity(): Promise<void> {
  await runServiceMain(
    "identity",
    (runtime) => createIdentityService(runtime, { mailer: createMailer(loadConfig(mailConfigSchema, { ...process.env, DATA_DIR: runtime.config.DATA_DIR })) }),
    { providers: ["mail"] },
  );
}
