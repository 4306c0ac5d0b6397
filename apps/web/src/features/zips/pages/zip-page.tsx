import { PlannedPage } from '@/components/planned-page';

export function ZipPage() {
  return (
    <PlannedPage
      title="ZIP codes"
      intro="The ZIP codes you receive seller leads for."
      upcoming={[
        'The ZIP codes of your service area, with the counties and states they belong to.',
        'The ZIP codes and cities you have excluded, so no leads from there reach you.',
        'Asking for ZIP codes to be added to or removed from your service area.',
      ]}
      meanwhile={
        <p>
          Leads are routed by the ZIP code of the property. To change your area now, e-mail the office with
          the ZIP codes to add or remove; changes apply to new leads only.
        </p>
      }
    />
  );
}
