import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { isZipsHidden, useMyZipcodes } from '../api/get-my-zipcodes';

const n = (value: number) => value.toLocaleString('en-US');

export function ZipsHidden() {
  return (
    <Alert>
      <AlertTitle>Your ZIP codes are managed by your office</AlertTitle>
      <AlertDescription>
        <p>
          Your office decides which ZIP codes you receive leads for, so they are not shown here. To add or
          remove ZIP codes, contact your office.
        </p>
      </AlertDescription>
    </Alert>
  );
}

/**
 * The agent's covered ZIP codes with their city, county and state, searchable by ZIP prefix or
 * place name. `changeHref` is where the area is edited, when the agent may edit it.
 */
export function ZipList({ changeHref }: { changeHref: string | null }) {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const searchId = useId();
  const zips = useMyZipcodes(q);

  if (zips.isError && isZipsHidden(zips.error)) return <ZipsHidden />;
  if (zips.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Your ZIP codes could not be loaded</AlertTitle>
        <AlertDescription>
          <p>{errorMessage(zips.error)}</p>
          <Button variant="outline" className="justify-self-start" onClick={() => zips.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (!zips.data) {
    return (
      <p role="status" className="text-muted-foreground">
        Loading your ZIP codes…
      </p>
    );
  }

  const { items, total, service_area_name, excluded_zips, excluded_cities } = zips.data;
  const change = changeHref ? (
    <Link to={changeHref} className="font-medium">
      {total === 0 ? 'Choose your service area' : 'Change your service area'}
    </Link>
  ) : (
    <span>To change them, contact the office.</span>
  );

  if (total === 0) {
    return (
      <div className="grid gap-3 rounded-xl border border-dashed border-border p-6">
        <h2 className="text-lg font-semibold">No ZIP codes yet</h2>
        <p className="text-muted-foreground">
          Leads are routed to you by the ZIP code of the property, so you receive none until your service area
          is set.
        </p>
        <p>{change}</p>
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p>
          {service_area_name ? (
            <>
              <strong>{service_area_name}</strong>:{' '}
            </>
          ) : null}
          {n(total)} ZIP {total === 1 ? 'code' : 'codes'} in your service area.
        </p>
        <p className="text-sm">{change}</p>
      </div>

      <div className="grid gap-2 sm:max-w-md">
        <Label htmlFor={searchId}>Search your ZIP codes</Label>
        <Input
          id={searchId}
          type="search"
          value={search}
          placeholder="ZIP code, city or county"
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>

      <p role="status" className="text-sm text-muted-foreground">
        {q
          ? items.length === 0
            ? `No ZIP code matches “${q}”.`
            : `${n(items.length)} of ${n(total)} ZIP codes match “${q}”.`
          : `Showing all ${n(total)} ZIP codes.`}
      </p>

      {items.length > 0 ? (
        <div className="overflow-x-auto rounded-md border border-border">
          <table className="w-full text-sm" aria-busy={zips.isFetching || undefined}>
            <caption className="sr-only">Your ZIP codes</caption>
            <thead className="bg-muted text-left">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  ZIP code
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  City
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  County
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  State
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.zip} className="border-t border-border">
                  <th scope="row" className="px-3 py-1.5 text-left font-mono font-normal">
                    {item.zip}
                  </th>
                  <td className="px-3 py-1.5">{item.city || '—'}</td>
                  <td className="px-3 py-1.5">{item.county || '—'}</td>
                  <td className="px-3 py-1.5">{item.state || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {excluded_zips.length > 0 || excluded_cities.length > 0 ? (
        <div className="grid gap-1 text-sm">
          <h2 className="font-semibold">Left out of your area</h2>
          {excluded_cities.length > 0 ? <p>Cities: {excluded_cities.join(', ')}</p> : null}
          {excluded_zips.length > 0 ? <p>ZIP codes: {excluded_zips.join(', ')}</p> : null}
        </div>
      ) : null}
      <p className="text-xs text-muted-foreground">ZIP code data © GeoNames, CC BY 4.0.</p>
    </div>
  );
}
