import type { TextingRegistrationInput, TextingRegistrationView } from "@rebound/contracts/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/shared/api/client";
import { textingRegistrationQueryOptions } from "@/shared/texting-registration/get-texting-registration";

/** POST /api/texting-registration: 202 with the registration as GET answers it. */
export function submitTextingRegistration(input: TextingRegistrationInput): Promise<TextingRegistrationView> {
  return api.post<TextingRegistrationView>("/api/texting-registration", input);
}

/** POST /api/texting-registration/verify: a new verification text (429 within 10 minutes of the last). */
export function resendTextingVerification(): Promise<TextingRegistrationView> {
  return api.post<TextingRegistrationView>("/api/texting-registration/verify", {});
}

/** The answer becomes the registration on screen at once (and its polling starts). */
export function useSubmitTextingRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitTextingRegistration,
    onSuccess: (view) => queryClient.setQueryData(textingRegistrationQueryOptions().queryKey, view),
  });
}

export function useResendTextingVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendTextingVerification,
    onSuccess: (view) => queryClient.setQueryData(textingRegistrationQueryOptions().queryKey, view),
  });
}
