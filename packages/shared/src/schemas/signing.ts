import { z } from 'zod';

/**
 * E-signature of the service agreement and the master referral agreement (SPEC.md sections 3, 4,
 * 7, 8, 9; DESIGN.md section 6). The route names of SPEC.md (`/api/digisigner/*`) are kept for
 * both providers: the built-in one and DigiSigner.
 */

export const SIGNING_DOCUMENTS = ['service', 'master'] as const;
export type SigningDocumentKind = (typeof SIGNING_DOCUMENTS)[number];

/** Signer roles in signing order (SPEC.md section 9). */
export const SIGNER_ROLES = {
  service: ['Advertiser'],
  master: ['Agent', 'Broker'],
} as const satisfies Record<SigningDocumentKind, readonly string[]>;
export type SignerRole = 'Advertiser' | 'Agent' | 'Broker';

export const SIGNING_DOCUMENT_TITLES: Record<SigningDocumentKind, string> = {
  service: 'Service Agreement',
  master: 'Master Referral Agreement',
};

/** The onboarding step each document sets when every signer has signed. */
export const SIGNING_DOCUMENT_STEPS = {
  service: 'service_agreement',
  master: 'master_referral_agreement',
} as const satisfies Record<SigningDocumentKind, string>;

/** A signing link lives this long; a reminder or a new request issues a fresh one. */
export const SIGNING_LINK_TTL_HOURS = 7 * 24;
/** The broker is reminded after this many days without signing, at most BROKER_REMINDER_MAX times. */
export const BROKER_REMINDER_AFTER_DAYS = 3;
export const BROKER_REMINDER_MAX = 3;

/** Messages of SPEC.md section 8 (document toasts) and section 5 (master precondition). */
export const SIGNING_MESSAGES = {
  notGenerated: 'DigiSigner document has not been generated yet',
  signed: 'DigiSigner document has been signed',
  notSigned: 'DigiSigner document has not been signed yet',
  statusError: 'Error while validating DigiSigner document status',
  agentSignedSendingToBroker:
    "Your signature has been completed, We'll send the document to your broker for their signature",
  signFirst: 'Please complete your signature first',
  signatureStatusError: 'Error while validating signature status',
  masterNotFound: 'Master document not found',
  retrieveError: 'Error while retrieving DigiSigner information. Try again later.',
  brokerSignerNotFound: 'Qualifying Broker signer not found in document',
  completed: 'Document Completed',
  brokerNotFound: 'Broker information not found',
  brokerEmailSent: 'Email sent successfully to your Broker for signing.',
  documentIdNotFound: 'DigiSigner Document ID not found',
  pdfFailed: 'Failed to process PDF',
  brokerIncomplete:
    'Broker of record information is incomplete. Please complete your broker information before proceeding.',
} as const;

export type SigningProvider = 'builtin' | 'digisigner';
export type SigningMessages = { [K in keyof typeof SIGNING_MESSAGES]: string };

/**
 * The built-in e-signature is not DigiSigner: its messages say "the agreement" where SPEC.md's
 * (written for DigiSigner) name the provider. Everything else is the same.
 */
const BUILTIN_SIGNING_MESSAGES: SigningMessages = {
  ...SIGNING_MESSAGES,
  notGenerated: 'The agreement has not been prepared yet',
  signed: 'The agreement has been signed',
  notSigned: 'The agreement has not been signed yet',
  statusError: "Error while checking the agreement's status",
  retrieveError: 'Error while retrieving the agreement. Try again later.',
  documentIdNotFound: 'Agreement not found',
};

/** The messages for a provider: SPEC.md section 8's for DigiSigner, neutral ones for the built-in. */
export const signingMessages = (provider: SigningProvider): SigningMessages =>
  provider === 'digisigner' ? SIGNING_MESSAGES : BUILTIN_SIGNING_MESSAGES;

const optionalText = (max: number) => z.string().trim().max(max).optional();

/** POST /api/digisigner/generate. The server fills the document from the agent's record; */
/** `service_document_areas`, when given, is saved on the record first and printed in the service agreement. */
export const GenerateDocumentRequestSchema = z.object({
  document: z.enum(SIGNING_DOCUMENTS, { message: 'document must be service or master' }),
  email: optionalText(320),
  agent_name: optionalText(200),
  phone_number: optionalText(40),
  brokerage: optionalText(200),
  broker_of_record: z
    .object({
      name: optionalText(200),
      email: optionalText(320),
      phone: optionalText(40),
    })
    .partial()
    .passthrough()
    .nullable()
    .optional(),
  service_document_areas: z
    .string()
    .trim()
    .max(2000, 'Service areas are too long (at most 2000 characters)')
    .optional(),
});
export type GenerateDocumentRequest = z.infer<typeof GenerateDocumentRequestSchema>;

/** One signer as the agent sees it: `sign_document_url` only for the agent's own pending turn. */
export const SignerSchema = z.object({
  role: z.string(),
  name: z.string(),
  email: z.string(),
  order: z.number().int(),
  sign_document_url: z.string().nullable(),
  is_signature_completed: z.boolean(),
  signed_at: z.string().nullable(),
});
export type Signer = z.infer<typeof SignerSchema>;

/** The document record kept on the agent as `service_document` / `master_document` (SPEC.md section 3). */
export const AgentDocumentSchema = z.object({
  /** The original (unsigned) PDF, for review. */
  url: z.string().nullable(),
  /** The signature request. */
  id: z.string(),
  document_id: z.string(),
  created_date: z.string(),
  /** pending until every signer has signed, then completed. */
  status: z.enum(['pending', 'completed']),
  /** The final PDF once completed, else null. */
  document_url: z.string().nullable(),
  /** The broker has been e-mailed the signing link (master agreement). */
  email_sent: z.boolean(),
  agent_status: z.enum(['pending', 'signed']).optional(),
  broker_status: z.enum(['pending', 'signed']).optional(),
});
export type AgentDocument = z.infer<typeof AgentDocumentSchema>;

/** Where a document stands, for the agent's page. */
export const DOCUMENT_STATES = ['waiting_for_you', 'waiting_for_broker', 'completed'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

/** Signature response of SPEC.md section 3, plus the agent's document record and its state. */
export const SignatureResponseSchema = z.object({
  signature_request_id: z.string(),
  documents: z.array(z.object({ document_id: z.string(), signers: z.array(SignerSchema) })),
  kind: z.enum(SIGNING_DOCUMENTS),
  state: z.enum(DOCUMENT_STATES),
  provider: z.enum(['builtin', 'digisigner']),
  document: AgentDocumentSchema,
  /** Set when this call is what e-mailed the broker (DigiSigner learns of the agent's signature late). */
  broker_email_sent_now: z.boolean(),
  /** When the broker was last e-mailed the link (first e-mail or a reminder). */
  broker_emailed_at: z.string().nullable(),
  completed_at: z.string().nullable(),
});
export type SignatureResponse = z.infer<typeof SignatureResponseSchema>;

/** POST /api/digisigner/document/:documentId: keep the final PDF on the agent's record. */
export const SaveDocumentRequestSchema = z.object({
  agent_uri: z.string().min(1),
  document: z.enum(SIGNING_DOCUMENTS),
});

// --- the public signing page (/sign/:token), built-in provider only ---

export const AgreementSectionSchema = z.object({
  heading: z.string(),
  paragraphs: z.array(z.string()),
});
export type AgreementSection = z.infer<typeof AgreementSectionSchema>;

/** GET /api/sign/:token: what the signer reviews before signing. */
export const SigningSessionSchema = z.object({
  document: z.object({
    kind: z.enum(SIGNING_DOCUMENTS),
    title: z.string(),
    sections: z.array(AgreementSectionSchema),
    created_date: z.string(),
  }),
  signer: z.object({ role: z.string(), name: z.string(), email: z.string() }),
  signers: z.array(
    z.object({
      role: z.string(),
      name: z.string(),
      is_signature_completed: z.boolean(),
      signed_at: z.string().nullable(),
    }),
  ),
  link_expires_at: z.string(),
});
export type SigningSession = z.infer<typeof SigningSessionSchema>;

export const SIGNATURE_NAME_MAX = 120;
/** A drawn signature is a PNG data URL of at most this many characters (~300 kB). */
export const DRAWN_SIGNATURE_MAX_CHARS = 400_000;

/** POST /api/sign/:token. */
export const SignRequestSchema = z.object({
  signature: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('typed'),
      text: z
        .string()
        .trim()
        .min(2, 'Type your full name as your signature')
        .max(SIGNATURE_NAME_MAX, `Your signature is too long (at most ${SIGNATURE_NAME_MAX} characters)`),
    }),
    z.object({
      kind: z.literal('drawn'),
      image: z
        .string()
        .max(DRAWN_SIGNATURE_MAX_CHARS, 'The drawn signature is too large; clear it and draw again')
        .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'The drawn signature must be a PNG image'),
    }),
  ]),
  consent: z.literal(true, { message: 'Tick the box to agree to sign electronically' }),
});
export type SignRequest = z.infer<typeof SignRequestSchema>;

/** Answer to a signature: whether the document is now complete, and who signs next. */
export const SignResultSchema = z.object({
  signed_at: z.string(),
  completed: z.boolean(),
  next_signer: z.object({ role: z.string(), name: z.string() }).nullable(),
});
export type SignResult = z.infer<typeof SignResultSchema>;

// --- verification of a PDF (/verify-document) ---

export const VERIFY_PDF_MAX_BYTES = 20 * 1024 * 1024;

export const VerifyDocumentResultSchema = z.object({
  /** completed: the final signed PDF issued here; original: the unsigned original; unknown: neither. */
  result: z.enum(['completed', 'original', 'unknown']),
  sha256: z.string(),
  document: z
    .object({
      kind: z.enum(SIGNING_DOCUMENTS),
      title: z.string(),
      created_date: z.string(),
      completed_at: z.string().nullable(),
      signers: z.array(z.object({ role: z.string(), name: z.string(), signed_at: z.string().nullable() })),
    })
    .nullable(),
});
export type VerifyDocumentResult = z.infer<typeof VerifyDocumentResultSchema>;
