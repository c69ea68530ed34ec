import { z } from "zod";
import { apiRequest } from "@/lib/api-client.ts";

export const communesResponseSchema = z.object({ district: z.string().optional(), communes: z.array(z.string()) });

// GET /delivery-zones/communes/{district} - the communes (sangkats) of one district
export function getCommunes(district: string, signal?: AbortSignal): Promise<string[]> {
  return apiRequest(`/delivery-zones/communes/${encodeURIComponent(district)}`, {
    schema: communesResponseSchema,
    signal,
    token: null,
  }).then((body) => body.communes);
}
