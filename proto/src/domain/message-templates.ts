// The shape of GET /api/business/templates (docs/product.md section 9): the business service serves
// its catalogue in it and the Configure screen's template pickers read it.

export interface MessageTemplate {
  /** kebab-case, unique across the whole catalogue. */
  id: string;
  name: string;
  message: string;
}

export interface TemplateCategory {
  /** kebab-case, unique within its group. */
  id: string;
  name: string;
  templates: MessageTemplate[];
}

export interface TemplateCatalogue {
  missedCall: TemplateCategory[];
  afterHours: TemplateCategory[];
}
