import { useMutation } from "@tanstack/react-query";
import type { FacebookPagePickInput } from "@contract/facebook.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";

// POST /facebook/page - connects the Page chosen among those Facebook Login listed
export function pickFacebookPage(input: FacebookPagePickInput) {
  return apiCall(API.facebookPickPage, { body: input });
}

export function usePickFacebookPage() {
  return useMutation({ mutationFn: pickFacebookPage });
}
