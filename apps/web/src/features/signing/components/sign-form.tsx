import { SIGNATURE_NAME_MAX, type SignRequest, SignRequestSchema } from '@portal/shared';
import { PenLine, Signature, Type } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SignaturePad } from './signature-pad';

type Mode = 'typed' | 'drawn';

/** A handwriting-like face the reader's system already has; the PDF uses its own. */
const SCRIPT_FONT = '"Segoe Script", "Brush Script MT", "Snell Roundhand", "Apple Chancery", cursive';

export const CONSENT_TEXT =
  'I agree to sign this document electronically, and that my electronic signature has the same effect as my handwritten signature.';

/**
 * The signature (typed, shown in a script-like preview, or drawn) and the consent to sign
 * electronically. Checked with the shared schema before anything is sent; what was typed or
 * drawn stays when the server refuses it.
 */
export function SignForm({
  signerName,
  pending,
  serverError,
  onSign,
}: {
  signerName: string;
  pending: boolean;
  serverError: string | null;
  onSign: (request: SignRequest) => void;
}) {
  const [mode, setMode] = useState<Mode>('typed');
  const [typed, setTyped] = useState('');
  const [drawn, setDrawn] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<{ signature?: string; consent?: string }>({});
  const consentId = useId();
  const consentErrorId = useId();
  const drawnErrorId = useId();
  const typedInput = useRef<HTMLInputElement>(null);
  const consentBox = useRef<HTMLInputElement>(null);

  // An error goes as soon as its field is right: a red line over a fixed field misleads.
  const clearWhenFixed = (field: 'signature' | 'consent', fixed: boolean) => {
    if (fixed && errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const signature =
      mode === 'typed'
        ? { kind: 'typed' as const, text: typed }
        : { kind: 'drawn' as const, image: drawn ?? '' };
    const parsed = SignRequestSchema.safeParse({ signature, consent });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'consent' ? 'consent' : 'signature';
        next[field] ??= issue.message;
      }
      if (mode === 'drawn' && !drawn) next.signature = 'Draw your signature first, or choose Type.';
      setErrors(next);
      // The first thing to fix gets the focus (the drawing area is not a keyboard control).
      if (next.signature && mode === 'typed') typedInput.current?.focus();
      else if (next.consent && !next.signature) consentBox.current?.focus();
      return;
    }
    setErrors({});
    onSign(parsed.data);
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <Tabs value={mode} onValueChange={(value) => setMode(value as Mode)}>
        <TabsList aria-label="How to sign">
          <TabsTrigger value="typed">
            <Type className="size-4" aria-hidden="true" />
            Type
          </TabsTrigger>
          <TabsTrigger value="drawn">
            <Signature className="size-4" aria-hidden="true" />
            Draw
          </TabsTrigger>
        </TabsList>
        <TabsContent value="typed" className="grid gap-3">
          <Field
            label="Type your full name"
            error={mode === 'typed' ? errors.signature : undefined}
            description="Your typed name is your signature."
          >
            <Input
              ref={typedInput}
              value={typed}
              autoComplete="name"
              placeholder={signerName}
              maxLength={SIGNATURE_NAME_MAX}
              onChange={(event) => {
                setTyped(event.target.value);
                clearWhenFixed(
                  'signature',
                  SignRequestSchema.shape.signature.safeParse({ kind: 'typed', text: event.target.value })
                    .success,
                );
              }}
            />
          </Field>
          <div className="grid gap-1">
            <p className="text-sm text-muted-foreground">How it will look</p>
            <p
              data-testid="typed-preview"
              className="min-h-16 overflow-hidden rounded-lg border border-dashed border-border bg-white px-4 py-2 text-3xl break-words text-secondary-hover sm:text-4xl"
              style={{ fontFamily: SCRIPT_FONT }}
            >
              {typed.trim() || <span className="text-base text-muted-foreground">Your signature</span>}
            </p>
          </div>
        </TabsContent>
        {/* Kept while Type is shown, so switching back does not lose the drawing. */}
        <TabsContent value="drawn" forceMount className="grid gap-2 data-[state=inactive]:hidden">
          <SignaturePad
            onChange={(image) => {
              setDrawn(image);
              clearWhenFixed('signature', image !== null);
            }}
            describedBy={mode === 'drawn' && errors.signature ? drawnErrorId : undefined}
          />
          {mode === 'drawn' && errors.signature ? (
            <p id={drawnErrorId} className="text-sm font-medium text-destructive">
              {errors.signature}
            </p>
          ) : null}
        </TabsContent>
      </Tabs>

      <div className="grid gap-1">
        <div className="flex items-start gap-3">
          <input
            ref={consentBox}
            id={consentId}
            type="checkbox"
            checked={consent}
            onChange={(event) => {
              setConsent(event.target.checked);
              clearWhenFixed('consent', event.target.checked);
            }}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? consentErrorId : undefined}
            className="mt-1 size-4 shrink-0 accent-primary"
          />
          <label htmlFor={consentId} className="text-sm leading-relaxed">
            {CONSENT_TEXT}
          </label>
        </div>
        {errors.consent ? (
          <p id={consentErrorId} className="text-sm font-medium text-destructive">
            {errors.consent}
          </p>
        ) : null}
      </div>

      <FormError message={serverError} />

      <div>
        <Button type="submit" size="lg" pending={pending} className="w-full sm:w-auto">
          <PenLine aria-hidden="true" />
          Sign
        </Button>
      </div>
    </form>
  );
}
