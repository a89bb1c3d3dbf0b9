import { z } from "zod";

export const areaCodeSchema = z.object({ areaCode: z.string().regex(/^\d{3}$/, "Please enter a valid 3-digit area code") });
