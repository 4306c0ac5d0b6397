import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest (jsdom's would go to the network): each request is recorded,
 * and the test decides what happens to it, step by step.
 */
export class FakeXhr {
  static requests: FakeXhr[] = [];

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  aborted = false;
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();

  constructor() {
    FakeXhr.requests.push(this);
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: unknown) {
    this.body = body;
  }

  abort() {
    this.aborted = true;
    this.events.dispatchEvent(new Event('abort'));
  }

  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }

  removeEventListener(type: string, listener: EventListener) {
    this.events.removeEventListener(type, listener);
  }

  /** The browser reports bytes sent. */
  progress(loaded: number, total: number) {
    const event = new Event('progress') as Event & {
      lengthComputable: boolean;
      loaded: number;
      total: number;
    };
    Object.assign(event, { lengthComputable: true, loaded, total });
    this.upload.dispatchEvent(event);
  }

  /** The server answers. */
  respond(status: number, body: unknown = {}) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }

  /** The connection drops. */
  fail() {
    this.events.dispatchEvent(new Event('error'));
  }
}

/** Replaces XMLHttpRequest for one test; returns the list of requests made. */
export function mockXhr() {
  FakeXhr.requests = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr.requests;
}
