import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/shared/api/client";
import { businessQueryOptions, type Business } from "@/shared/business/get-business";

/** The business profile that fills [Business Name], [WEBSITE], [EMAIL] and [EMERGENCY_NUMBER]. Business checks the phone numbers and the web address. */
export const businessProfileSchema = z.object({
  businessName: z.string().trim().min(1, "Business name is required").max(100, "Business name must be at most 100 characters"),
  businessPhone: z.string().trim().min(1, "Business phone is required"),
  website: z.string().trim().max(255, "Website must be at most 255 characters"),
  email: z.union([z.literal(""), z.email("Invalid email address").max(255, "Email must be at most 255 characters")]),
  emergencyNumber: z.string().trim(),
});

export type BusinessProfileInput = z.infer<typeof businessProfileSchema>;

/** PATCH /api/business/profile: the saved business. */
export function updateBusinessProfile(input: BusinessProfileInput): Promise<Business> {
  return api.patch<Business>("/api/business/profile", input);
}

export function useUpdateBusinessProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusinessProfile,
    onSuccess: (business) => {
      queryClient.setQueryData(businessQueryOptions().queryKey, business);
      void queryClient.invalidateQueries({ queryKey: businessQueryOptions().queryKey });
    },
  });
}
