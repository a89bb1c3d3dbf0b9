import { Select } from "antd";
import type { TemplateCategory } from "@rebound/contracts/domain";

/** Industry templates by category; choosing one replaces the message ('Template Applied'). */
export function TemplatePicker({
  id,
  label,
  categories,
  onApply,
  loading,
}: {
  id: string;
  label: string;
  categories: TemplateCategory[] | undefined;
  onApply: (message: string) => void;
  loading?: boolean;
}) {
  return (
    <div className="rb-template-picker">
      <label htmlFor={id} className="rb-field__label">
        {label}
      </label>
      <Select
        id={id}
        className="rb-full-width"
        placeholder="Choose a template for your industry"
        loading={loading}
        value={null}
        showSearch={{ optionFilterProp: "label" }}
        options={(categories ?? []).map((category) => ({
          label: category.name,
          title: category.name,
          options: category.templates.map((template) => ({ value: template.id, label: `${category.name}: ${template.name}`, message: template.message })),
        }))}
        onChange={(_value, option) => {
          const chosen = Array.isArray(option) ? option[0] : option;
          if (chosen && "message" in chosen && typeof chosen.message === "string") onApply(chosen.message);
        }}
      />
    </div>
  );
}
