import { Skeleton } from "antd";
import { useBusiness } from "@/shared/business/get-business";
import { SectionError } from "@/shared/ui/section-error";
import { BusinessForm } from "./business-form";
import { BusinessProfileForm } from "./business-profile-form";

export function ConfigureSection() {
  const business = useBusiness();
  return (
    <div className="rb-section-stack">
      <header className="rb-dash-head">
        <h1 className="rb-h2">Configure</h1>
        <p className="rb-lead">The text your callers get, when they get it, and who it's from.</p>
      </header>
      {business.isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : business.isError ? (
        <SectionError onRetry={() => void business.refetch()} />
      ) : (
        <>
          <BusinessForm key={business.data.id} business={business.data} />
          <BusinessProfileForm key={`profile-${business.data.id}`} business={business.data} />
        </>
      )}
    </div>
  );
}
