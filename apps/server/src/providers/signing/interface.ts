/**
 * Who collects the signatures on an agreement (DESIGN.md sections 2 and 6).
 *
 * The portal keeps its own records of every request, signer and event (modules/signing) whatever
 * the provider. The built-in provider is the portal itself: its signing links, signing page and
 * final PDF live in modules/signing, so it has nothing remote to ask. DigiSigner holds the
 * signatures remotely: the portal registers the document, reads the signers' state back and
 * downloads the signed PDF.
 */

export interface SigningSignerInput {
  /** Advertiser (service), Agent then Broker (master). */
  role: string;
  name: string;
  email: string;
  /** 1 signs first. */
  order: number;
}

export interface CreateSignatureRequestInput {
  title: string;
  filename: string;
  /** The original PDF the portal generated. */
  pdf: Buffer;
  signers: SigningSignerInput[];
}

export interface CreatedSignatureRequest {
  /** The provider's signature request id. */
  requestId: string;
  /** The provider's document id. */
  documentId: string;
}

export interface ProviderSignerStatus {
  role: string;
  email: string;
  /** Where this signer signs at the provider, when the provider gives one. */
  signUrl: string | null;
  signed: boolean;
}

export interface ProviderRequestStatus {
  completed: boolean;
  signers: ProviderSignerStatus[];
}

/** A provider that could not be reached or answered something unusable (retry later). */
export class SigningProviderError extends Error {
  readonly status: number | undefined;
  constructor(message: string, options: { status?: number } = {}) {
    super(message);
    this.name = 'SigningProviderError';
    this.status = options.status;
  }
}

export interface SigningProvider {
  readonly name: 'builtin' | 'digisigner';
  /** Registers the document and its signers. */
  createRequest(input: CreateSignatureRequestInput): Promise<CreatedSignatureRequest>;
  /** The signers' state at the provider, or null when the portal's own records are the truth (built-in). */
  fetchStatus(requestId: string): Promise<ProviderRequestStatus | null>;
  /** The signed PDF from the provider, or null when the portal makes it itself (built-in). */
  downloadSigned(documentId: string): Promise<Buffer | null>;
}
