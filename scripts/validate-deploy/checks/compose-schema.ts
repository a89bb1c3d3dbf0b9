// docker-compose.yml against the compose-spec JSON schema (vendored: infra/docker/README.md).
import Ajv from "ajv";
import { assert } from "../lib/assert";
import type { DeployCheck } from "../check";
import { composeFile } from "../lib/compose";
import { read } from "../lib/repo";

export const composeSchema: DeployCheck = {
  name: "docker-compose.yml against the compose-spec schema (vendored, infra/docker/README.md)",
  run: async () => {
    const { value: compose, errors } = composeFile();
    assert(errors.length === 0, errors.join("; "));
    const schema = JSON.parse(read("infra/docker/compose-spec.schema.json")) as Record<string, unknown>;
    delete schema.$schema; // draft-07, Ajv's default
    const ajv = new Ajv({
      strict: false,
      allErrors: true,
      validateFormats: false,
    });
    const validate = ajv.compile(schema);
    const plain: unknown = JSON.parse(JSON.stringify(compose, (key: string, value: unknown) => (key.startsWith("x-") ? undefined : value)));
    if (!validate(plain)) throw new Error((validate.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`).join("\n"));
    return { detail: `${Object.keys(compose.services).length} services` };
  },
};
