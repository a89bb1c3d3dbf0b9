// docker-compose.yml, parsed once (merge keys on), with the fields the checks read.
import { once } from "./repo";
import { loadYamlDocument } from "./yaml";

export interface ComposeService {
  build?: { dockerfile?: string; target?: string; args?: Record<string, string> };
  depends_on?: Record<string, { condition?: string }>;
  healthcheck?: unknown;
  restart?: string;
  read_only?: boolean;
  ports?: (string | number)[];
  environment?: Record<string, string | number | boolean | null>;
  [field: string]: unknown;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  [field: string]: unknown;
}

export const composeFile = once(() => loadYamlDocument<ComposeFile>("docker-compose.yml"));
