import { z } from 'zod';

/**
 * The service area of an agent (SPEC.md section 3): the ZIP codes leads are routed by, with the
 * states and counties they belong to and the cities and ZIP codes left out. The place data comes
 * from the server's copy of the GeoNames US postal-code dataset (ADR 12).
 */

/** Sizes a request may not exceed; a whole large state (California, Texas) is about 2,600 ZIPs. */
export const SERVICE_AREA_LIMITS = {
  zipcodes: 10_000,
  excludedZips: 10_000,
  counties: 1_000,
  states: 51,
  excludedCities: 500,
  nameLength: 200,
} as const;

const zipCode = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{5}$/, { error: (issue) => `${what} "${String(issue.input)}" is not a 5-digit ZIP code` });

const stateCode = z
  .string()
  .trim()
  .regex(/^[a-z]{2}$/i, { error: (issue) => `"${String(issue.input)}" is not a two-letter state code` })
  .toUpperCase();

const count = (n: number) => n.toLocaleString('en-US');

/** The service-area fields of PATCH /portal/me/agent_profile; the server validates them against the dataset. */
export const ServiceAreaPatchSchema = z.object({
  service_area_name: z
    .string()
    .trim()
    .max(
      SERVICE_AREA_LIMITS.nameLength,
      `Keep the service area name under ${SERVICE_AREA_LIMITS.nameLength} characters`,
    )
    .optional(),
  /** `long` is filled in from the dataset; clients may leave it out. */
  states: z
    .array(z.object({ short: stateCode, long: z.string().max(100).optional() }))
    .max(SERVICE_AREA_LIMITS.states, 'There are only 51 states, counting DC')
    .optional(),
  counties: z
    .array(
      z.object({
        county_name: z.string().trim().min(1, 'Give the county name').max(100, 'County name is too long'),
        state: stateCode,
      }),
    )
    .max(
      SERVICE_AREA_LIMITS.counties,
      `Choose at most ${count(SERVICE_AREA_LIMITS.counties)} counties; ask the office for a larger area`,
    )
    .optional(),
  zipcodes: z
    .array(zipCode('ZIP code'))
    .max(
      SERVICE_AREA_LIMITS.zipcodes,
      `Choose at most ${count(SERVICE_AREA_LIMITS.zipcodes)} ZIP codes; ask the office for a larger area`,
    )
    .optional(),
  excluded_cities: z
    .array(
      z.object({
        city_name: z.string().trim().min(1, 'Give the city name').max(100, 'City name is too long'),
      }),
    )
    .max(SERVICE_AREA_LIMITS.excludedCities, `Exclude at most ${SERVICE_AREA_LIMITS.excludedCities} cities`)
    .nullable()
    .optional(),
  excluded_zips: z
    .array(zipCode('Excluded ZIP code'))
    .max(
      SERVICE_AREA_LIMITS.excludedZips,
      `Exclude at most ${count(SERVICE_AREA_LIMITS.excludedZips)} ZIP codes`,
    )
    .optional(),
});
export type ServiceAreaPatch = z.infer<typeof ServiceAreaPatchSchema>;
export const SERVICE_AREA_FIELDS = Object.keys(ServiceAreaPatchSchema.shape) as (keyof ServiceAreaPatch)[];

/** The saved shape, as on the agent record. */
export interface ServiceArea {
  service_area_name: string;
  states: { short: string; long: string }[];
  states_serviced: string[];
  counties: { county_name: string; state: string }[];
  zipcodes: string[];
  excluded_cities: { city_name: string }[] | null;
  excluded_zips: string[];
}

// ---------------------------------------------------------------------------------------------
// GET /geo/...: the place data the picker needs, one state at a time.

export const StateCodeParamsSchema = z.object({ code: stateCode });

export const GeoStateSummarySchema = z.object({
  code: z.string(),
  name: z.string(),
  /** State FIPS code, two digits (the map's state ids). */
  fips: z.string(),
  zip_count: z.number().int(),
  county_count: z.number().int(),
});
export type GeoStateSummary = z.infer<typeof GeoStateSummarySchema>;
export const GeoStateListSchema = z.array(GeoStateSummarySchema);

export const GeoZipPointSchema = z.object({
  zip: z.string(),
  city: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export type GeoZipPoint = z.infer<typeof GeoZipPointSchema>;

export const GeoCountySchema = z.object({
  /** Five-digit county FIPS code: the state's two digits and the county's three (the map's ids). */
  fips: z.string(),
  name: z.string(),
  zips: z.array(GeoZipPointSchema),
});
export type GeoCounty = z.infer<typeof GeoCountySchema>;

export const GeoStateDetailSchema = GeoStateSummarySchema.extend({
  counties: z.array(GeoCountySchema),
});
export type GeoStateDetail = z.infer<typeof GeoStateDetailSchema>;

/** One ZIP code with where it is. */
export const GeoZipSchema = z.object({
  zip: z.string(),
  city: z.string(),
  county: z.string(),
  county_fips: z.string(),
  state: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export type GeoZip = z.infer<typeof GeoZipSchema>;

export const GeoZipLookupRequestSchema = z.object({
  zips: z
    .array(z.string().trim().max(10))
    .min(1, 'Give at least one ZIP code')
    .max(SERVICE_AREA_LIMITS.zipcodes, `Look up at most ${count(SERVICE_AREA_LIMITS.zipcodes)} ZIP codes`),
});
export const GeoZipLookupResponseSchema = z.object({
  zips: z.array(GeoZipSchema),
  /** What was asked for and is not a ZIP code of the 50 states and DC. */
  unknown: z.array(z.string()),
});
export type GeoZipLookupResponse = z.infer<typeof GeoZipLookupResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /portal/me/zipcodes: the agent's covered ZIP codes for the /zip page.

export const MyZipcodesQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search for at most 100 characters').optional().default(''),
});

export const MyZipcodeSchema = z.object({
  zip: z.string(),
  city: z.string(),
  county: z.string(),
  state: z.string(),
});
export type MyZipcode = z.infer<typeof MyZipcodeSchema>;

export const MyZipcodesResponseSchema = z.object({
  items: z.array(MyZipcodeSchema),
  /** All covered ZIP codes, whatever the search. */
  total: z.number().int(),
  service_area_name: z.string(),
  excluded_zips: z.array(z.string()),
  excluded_cities: z.array(z.string()),
});
export type MyZipcodesResponse = z.infer<typeof MyZipcodesResponseSchema>;
