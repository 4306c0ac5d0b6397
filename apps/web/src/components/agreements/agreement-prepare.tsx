import {
  type AgentRecord,
  GenerateDocumentRequestSchema,
  SIGNER_ROLES,
  SIGNING_MESSAGES,
  type SigningDocumentKind,
  serviceAreaSummary,
} from '@portal/shared';
import { FilePenLine, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { formatPhone } from '@/lib/format-phone';
import { useGeoStateDetails } from '@/lib/service-area-api';
import { AGREEMENT_SUMMARY } from './agreement-format';
import { SignerList } from './signer-list';

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim().length > 0;

const agentDisplayName = (agent: AgentRecord) =>
  agent.agent.trim() || `${agent.agent_first_name} ${agent.agent_last_name}`.trim();

/** SPEC.md section 5: the master agreement needs the broker's name and e-mail. */
const brokerComplete = (agent: AgentRecord) =>
  filled(agent.broker_of_record?.name) && filled(agent.broker_of_record?.email);

function PrintedData({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_minmax(0,1fr)]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
          <dd className={value ? 'break-words' : 'text-muted-foreground italic'}>{value || 'Not given'}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The agreement before it exists: what it is, who signs, what will be printed in it, and the
 * button that prepares it. The master agreement waits for the broker's name and e-mail, and
 * says so without asking the server.
 */
export function AgreementPrepare({
  kind,
  agent,
  brokerHref,
  preparing,
  prepareError,
  onPrepare,
  checking,
  onCheck,
}: {
  kind: SigningDocumentKind;
  agent: AgentRecord;
  brokerHref: string;
  preparing: boolean;
  prepareError: unknown;
  onPrepare: (serviceAreas: string | undefined) => void;
  checking: boolean;
  onCheck: () => void;
}) {
  // Prefilled from the saved service area, said exactly (the states' place data tells what is
  // whole): the agreement never says "not given" for an agent who has one.
  const typed = agent.service_document_areas.trim();
  const places = useGeoStateDetails(
    kind === 'service' && !typed && agent.zipcodes.length > 0 ? agent.states.map((state) => state.short) : [],
  );
  const placesReady = places.every((query) => query.data !== undefined);
  const placesFailed = places.some((query) => query.isError);
  const [areas, setAreas] = useState<string | null>(typed || (agent.zipcodes.length === 0 ? '' : null));
  useEffect(() => {
    if (areas !== null) return;
    if (placesFailed) setAreas('');
    else if (placesReady)
      setAreas(
        serviceAreaSummary(
          agent,
          places.map((query) => query.data!),
        ),
      );
  }, [areas, placesReady, placesFailed, places, agent]);
  const [areasError, setAreasError] = useState<string | undefined>();
  const problem = useRef<HTMLDivElement>(null);
  const broker = agent.broker_of_record;
  const brokerMissing = kind === 'master' && !brokerComplete(agent);

  const rows: [string, string][] = [
    ['Agent', agentDisplayName(agent)],
    ['Brokerage', agent.brokerage],
    ['Phone', formatPhone(agent.agent_phone)],
    ['E-mail', agent.agent_email],
  ];
  if (kind === 'master') {
    rows.push(
      ['Broker of record', broker?.name ?? ''],
      ["Broker's e-mail", broker?.email ?? ''],
      ["Broker's phone", formatPhone(broker?.phone)],
    );
  }

  const prepare = () => {
    if (brokerMissing) {
      problem.current?.focus();
      return;
    }
    if (kind === 'service') {
      const parsed = GenerateDocumentRequestSchema.shape.service_document_areas.safeParse(areas ?? '');
      if (!parsed.success) {
        setAreasError(parsed.error.issues[0]?.message);
        return;
      }
      setAreasError(undefined);
      onPrepare(parsed.data);
      return;
    }
    onPrepare(undefined);
  };

  return (
    <div className="grid gap-5">
      <p>{AGREEMENT_SUMMARY[kind]}</p>

      <div className="grid gap-2">
        <h3 className="font-semibold">Who signs</h3>
        <SignerList
          label="Who signs"
          prepared={false}
          signers={SIGNER_ROLES[kind].map((role) => ({
            role,
            name: role === 'Broker' ? (broker?.name ?? '') : agentDisplayName(agent),
            note: role === 'Broker' ? 'Your broker of record, e-mailed the link once you have signed' : 'You',
            signed: false,
            signedAt: null,
          }))}
        />
      </div>

      <div className="grid gap-2">
        <h3 className="font-semibold">Printed in the agreement</h3>
        <PrintedData rows={rows} />
      </div>

      {kind === 'service' ? (
        <Field
          label="Service areas"
          description="Where we advertise for you, as it will read in the agreement (for example: All of Pinal County, AZ; in Maricopa County, AZ: ZIP codes 85003 and 85004)."
          error={areasError}
        >
          <Textarea
            value={areas ?? ''}
            placeholder={areas === null ? 'Reading your saved service area…' : undefined}
            aria-busy={areas === null}
            readOnly={areas === null}
            onChange={(event) => setAreas(event.target.value)}
          />
        </Field>
      ) : null}

      {brokerMissing ? (
        <Alert variant="destructive" ref={problem} tabIndex={-1} className="outline-none">
          <AlertDescription>
            <p>{SIGNING_MESSAGES.brokerIncomplete}</p>
            <p>
              <Link to={brokerHref}>Complete your broker information</Link>
            </p>
          </AlertDescription>
        </Alert>
      ) : null}

      {prepareError ? (
        <Alert variant="destructive">
          <AlertDescription>
            <p>{errorMessage(prepareError, 'The agreement could not be prepared. Please try again.')}</p>
          </AlertDescription>
        </Alert>
      ) : null}

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button onClick={prepare} pending={preparing}>
          <FilePenLine aria-hidden="true" />
          Prepare the agreement
        </Button>
        <Button variant="outline" onClick={onCheck} pending={checking}>
          <RefreshCw aria-hidden="true" />
          Check status
        </Button>
      </div>
    </div>
  );
}
