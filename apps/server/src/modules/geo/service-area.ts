import {
  type AgentProfilePatch,
  ERROR,
  type MyZipcodesResponse,
  normaliseServiceArea,
  SERVICE_AREA_FIELDS,
  type ServiceAreaInput,
} from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { type AgentRow, agents, type UserRow, users } from '../../db/schema';
import { badRequest, forbidden } from '../../lib/errors';
import { portalVisible } from '../agents/visibility';
import { geoDataset } from './dataset';

export const ZIPS_MANAGED_BY_OFFICE =
  'Your ZIP codes are managed by your office. To change your service area, please contact them.';

const zipsVisible = (db: Executor, agent: AgentRow, userRole: string) =>
  portalVisible(db, agent, userRole, 'can_see_portal_zips');

/**
 * The columns a profile PATCH changes when it carries service-area fields (none otherwise), for
 * `updateAgentProfile` to write in its transaction. Fields the patch leaves out keep their stored
 * values and take part in the normalisation, so excluding a ZIP code alone also uncovers it.
 * Stored values the dataset does not know (older records) are kept as they are rather than
 * refused: the agent did not send them.
 */
export async function serviceAreaChanges(
  tx: Executor,
  agent: AgentRow,
  patch: AgentProfilePatch,
): Promise<Partial<AgentRow>> {
  if (!SERVICE_AREA_FIELDS.some((field) => patch[field] !== undefined)) return {};

  const [owner] = agent.userId
    ? await tx.select({ userRole: users.userRole }).from(users).where(eq(users.id, agent.userId))
    : [];
  if (!(await zipsVisible(tx, agent, owner?.userRole ?? 'agent'))) throw forbidden(ZIPS_MANAGED_BY_OFFICE);

  const { lookup } = await geoDataset();
  const known = (zip: string) => lookup.zip(zip) !== undefined;
  const stored = <T>(values: T[], keep: (value: T) => boolean) => values.filter(keep);

  const input: ServiceAreaInput = {
    service_area_name: patch.service_area_name ?? agent.serviceAreaName,
    states: patch.states ?? stored(agent.states, (s) => lookup.stateName(s.short) !== undefined),
    counties:
      patch.counties ?? stored(agent.counties, (c) => lookup.county(c.state, c.county_name) !== undefined),
    zipcodes: patch.zipcodes ?? stored(agent.zipcodes, known),
    excluded_zips: patch.excluded_zips ?? stored(agent.excludedZips, known),
    excluded_cities: patch.excluded_cities !== undefined ? patch.excluded_cities : agent.excludedCities,
  };
  // A stored excluded city outside the states now chosen no longer excludes anything.
  if (patch.excluded_cities === undefined && input.excluded_cities) {
    const states = new Set([
      ...input.states.map((s) => s.short),
      ...input.counties.map((c) => c.state),
      // Unknown ZIPs are refused just below, by normaliseServiceArea.
      ...input.zipcodes.flatMap((zip) => lookup.zip(zip)?.state ?? []),
    ]);
    input.excluded_cities = input.excluded_cities.filter(({ city_name }) =>
      [...states].some((state) => lookup.city(state, city_name) !== undefined),
    );
  }

  const result = normaliseServiceArea(input, lookup);
  if (!result.ok) throw badRequest(result.problem);
  const area = result.value;

  const excludedZips = [
    ...new Set([...area.excluded_zips, ...(patch.excluded_zips ? [] : agent.excludedZips)]),
  ].sort();
  const keptUnknown = patch.zipcodes
    ? []
    : agent.zipcodes.filter((zip) => !known(zip) && !excludedZips.includes(zip));
  return {
    serviceAreaName: area.service_area_name,
    states: area.states,
    statesServiced: area.states_serviced,
    counties: area.counties,
    zipcodes: [...new Set([...area.zipcodes, ...keptUnknown])].sort(),
    excludedCities: area.excluded_cities,
    excludedZips,
  };
}

/** How a search on /zip matches: digits are a ZIP prefix, words a part of the city or county name. */
function matches(query: string) {
  const q = query.trim().toLowerCase();
  if (q === '') return () => true;
  if (/^\d+$/.test(q)) return (item: { zip: string }) => item.zip.startsWith(q);
  return (item: { city: string; county: string }) =>
    item.city.toLowerCase().includes(q) || item.county.toLowerCase().includes(q);
}

/** GET /portal/me/zipcodes: the covered ZIP codes with their place, for the /zip page. */
export async function listMyZipcodes(db: Db, user: UserRow, query: string): Promise<MyZipcodesResponse> {
  const [agent] = await db.select().from(agents).where(eq(agents.userId, user.id));
  if (!agent) throw forbidden(ERROR.agentProfileNotAvailable);
  if (!(await zipsVisible(db, agent, user.userRole))) throw forbidden(ZIPS_MANAGED_BY_OFFICE);

  const dataset = await geoDataset();
  const all = agent.zipcodes.map((zip) => {
    const place = dataset.zip(zip);
    return { zip, city: place?.city ?? '', county: place?.county ?? '', state: place?.state ?? '' };
  });
  return {
    items: all.filter(matches(query)),
    total: all.length,
    service_area_name: agent.serviceAreaName,
    excluded_zips: agent.excludedZips,
    excluded_cities: (agent.excludedCities ?? []).map((city) => city.city_name),
  };
}
