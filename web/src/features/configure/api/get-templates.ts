import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TemplateCatalogue } from "@rebound/contracts/domain";
import { api } from "@/shared/api/client";

/** GET /api/business/templates: missed-call and after-hours categories, 3 templates each (docs/product.md section 9). */
export function getTemplates(): Promise<TemplateCatalogue> {
  return api.get<TemplateCatalogue>("/api/business/templates");
}

export function templatesQueryOptions() {
  return queryOptions({ queryKey: ["/api/business/templates"] as const, queryFn: getTemplates });
}

export function useTemplates() {
  return useQuery(templatesQueryOptions());
}
