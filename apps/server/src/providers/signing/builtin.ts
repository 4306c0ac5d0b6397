import { randomUUID } from 'node:crypto';
import type { CreatedSignatureRequest, SigningProvider } from './interface';

/**
 * Embedded default: the portal collects the signatures itself (signing links, the /sign page,
 * the final PDF with its audit page: modules/signing). Nothing leaves the machine.
 */
export class BuiltinSigningProvider implements SigningProvider {
  readonly name = 'builtin' as const;

  async createRequest(): Promise<CreatedSignatureRequest> {
    return { requestId: randomUUID(), documentId: randomUUID() };
  }

  async fetchStatus() {
    return null;
  }

  async downloadSigned() {
    return null;
  }
}
