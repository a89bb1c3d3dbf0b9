import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/shared/api/client";

export interface MessageTemplate {
  id: string;
  name: string;
  message: string;
}

export interface TemplateCategory {
  id: string;
  name: string;
  templates: MessageTemplate[];
}

export interface TemplateCatalogue {
  missedCall: TemplateCategory[];
  afterHours: TemplateCategory[];
}

/** GET /api/business/templates: missed-call and after-hours categories, 3 templates each (spec section 9). */
export function getTemplates(): Promise<TemplateCatalogue> {
  return api.get<TemplateCatalogue>("/api/business/templates");
}

export function templatesQueryOptions() {
  return queryOptions({ queryKey: ["/api/business/templates"] as const, queryFn: getTemplates });
}

export function useTemplates() {
  return useQuery(templatesQueryOptions());
}
