// Applying a validated profile update: name and phone are always given; an omitted optional
// field keeps its stored value and an empty one clears it.

import type { BusinessProfile } from "./business";

export type ProfileChange = Pick<BusinessProfile, "businessName" | "businessPhone"> & Partial<Omit<BusinessProfile, "businessName" | "businessPhone">>;

export function applyProfileChange(current: BusinessProfile, change: ProfileChange): BusinessProfile {
  return {
    businessName: change.businessName,
    businessPhone: change.businessPhone,
    website: change.website ?? current.website,
    email: change.email ?? current.email,
    emergencyNumber: change.emergencyNumber ?? current.emergencyNumber,
  };
}
