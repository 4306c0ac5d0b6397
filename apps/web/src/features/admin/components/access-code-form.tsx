// The fields of an access code, for creating one and for editing one (the code itself is fixed
// once created). What is typed is checked with the shared schemas before anything is sent.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminAccessCode,
  type AdminAccessCodeCreate,
  AdminAccessCodeCreateSchema,
  type AdminAccessCodePatch,
  AdminAccessCodePatchSchema,
} from '@portal/shared';
import {
  Controller,
  type FieldNamesMarkedBoolean,
  type Resolver,
  type UseFormReturn,
  useForm,
  useWatch,
} from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useCorporateUserChoices } from '../api/corporate-users';
import { useGroupChoices } from '../api/groups';
import { percentAsText, percentFromText } from './billing-format';
import { endOfDay, toDateInput } from './when';

/** What the inputs hold: text, turned into the API's types by `toPayload`. */
export interface AccessCodeValues {
  code: string;
  description: string;
  /** A whole number: 0 closes the code (no more sign-ups). Ignored with `no_limit`. */
  max_uses: string;
  /** "No limit": its own choice, so an empty or zero field never means unlimited. */
  no_limit: boolean;
  /** YYYY-MM-DD: the code works until the end of that day. */
  expires_at: string;
  corporate_user_id: string;
  group_id: string;
  /** A percent; empty: none of its own (the office's or the network's rate applies). */
  referral_fee_percent: string;
}

export const blankAccessCode: AccessCodeValues = {
  code: '',
  description: '',
  max_uses: '',
  no_limit: true,
  expires_at: '',
  corporate_user_id: '',
  group_id: '',
  referral_fee_percent: '',
};

export const accessCodeValues = (code: AdminAccessCode): AccessCodeValues => ({
  code: code.code,
  description: code.description ?? '',
  max_uses: code.max_uses === null ? '' : String(code.max_uses),
  no_limit: code.max_uses === null,
  expires_at: toDateInput(code.expires_at),
  corporate_user_id: code.corporate_user_id ?? '',
  group_id: code.group_id ?? '',
  referral_fee_percent: percentAsText(code.referral_fee_percent),
});

function toPayload(values: AccessCodeValues) {
  const maxUses = values.max_uses.trim();
  return {
    description: values.description.trim() === '' ? null : values.description,
    // Left empty without "No limit": not a number, so the schema says so (never unlimited).
    max_uses: values.no_limit ? null : maxUses === '' ? Number.NaN : Number(maxUses),
    expires_at: values.expires_at === '' ? null : endOfDay(values.expires_at),
    corporate_user_id: values.corporate_user_id || null,
    group_id: values.group_id || null,
    referral_fee_percent: percentFromText(values.referral_fee_percent),
  };
}

const USES_MISSING = 'Enter the maximum uses (0 closes the code), or choose No limit';

/** The schema's answer, with an empty "Maximum uses" (and no "No limit") explained. */
function withUses<T>(values: AccessCodeValues, result: T): T {
  if (values.no_limit || values.max_uses.trim() !== '') return result;
  const answer = result as { values: object; errors: Record<string, unknown> };
  return {
    values: {},
    errors: { ...answer.errors, max_uses: { type: 'required', message: USES_MISSING } },
  } as T;
}

const createZod = zodResolver(AdminAccessCodeCreateSchema);
const createResolver: Resolver<AccessCodeValues, unknown, AdminAccessCodeCreate> = (
  values,
  context,
  options,
) =>
  Promise.resolve(
    createZod({ code: values.code.trim(), ...toPayload(values) }, context, options as never),
  ).then((result) => withUses(values, result)) as ReturnType<
    Resolver<AccessCodeValues, unknown, AdminAccessCodeCreate>
  >;

const patchZod = zodResolver(AdminAccessCodePatchSchema);
const patchResolver: Resolver<AccessCodeValues, unknown, AdminAccessCodePatch> = (values, context, options) =>
  Promise.resolve(patchZod(toPayload(values), context, options as never)).then((result) =>
    withUses(values, result),
  ) as ReturnType<Resolver<AccessCodeValues, unknown, AdminAccessCodePatch>>;

/** Only the fields the person changed, so an edit never rewrites what it did not touch. */
export function changedOnly(
  patch: AdminAccessCodePatch,
  dirty: Partial<FieldNamesMarkedBoolean<AccessCodeValues>>,
) {
  const keys = Object.keys(patch) as (keyof AdminAccessCodePatch)[];
  const changed = keys.filter(
    (key) =>
      key !== 'disabled' && (dirty[key as keyof AccessCodeValues] || (key === 'max_uses' && dirty.no_limit)),
  );
  // A new owner without a group choice still clears the old owner's group on the server.
  if (changed.includes('corporate_user_id') && !changed.includes('group_id')) changed.push('group_id');
  return Object.fromEntries(changed.map((key) => [key, patch[key]])) as AdminAccessCodePatch;
}

/** The form of an access code: its values as typed, its output as the API takes it. */
export type AccessCodeFormState<Output> = UseFormReturn<AccessCodeValues, unknown, Output>;

export function useAccessCodeForm(mode: 'create'): AccessCodeFormState<AdminAccessCodeCreate>;
export function useAccessCodeForm(mode: 'edit'): AccessCodeFormState<AdminAccessCodePatch>;
export function useAccessCodeForm(mode: 'create' | 'edit') {
  return useForm<AccessCodeValues, unknown, AdminAccessCodeCreate | AdminAccessCodePatch>({
    resolver: (mode === 'create' ? createResolver : patchResolver) as Resolver<
      AccessCodeValues,
      unknown,
      AdminAccessCodeCreate | AdminAccessCodePatch
    >,
    defaultValues: blankAccessCode,
  });
}

/** The fields (the code itself only when creating); the choices load when they are shown. */
export function AccessCodeFields({
  mode,
  form,
}: {
  mode: 'create' | 'edit';
  form: AccessCodeFormState<AdminAccessCodeCreate> | AccessCodeFormState<AdminAccessCodePatch>;
}) {
  const { register, control, setValue, clearErrors, formState } = form as AccessCodeFormState<unknown>;
  const { errors } = formState;
  const owner = useWatch({ control, name: 'corporate_user_id' });
  const noLimit = useWatch({ control, name: 'no_limit' });
  const owners = useCorporateUserChoices();
  const groups = useGroupChoices(owner || null);

  return (
    <>
      {mode === 'create' ? (
        <Field
          label="Code"
          description="What agents type when they sign up: letters, digits, dashes and underscores."
          error={errors.code?.message}
        >
          <Input
            autoComplete="off"
            spellCheck={false}
            aria-required="true"
            className="font-mono"
            {...register('code')}
          />
        </Field>
      ) : null}
      <Field label="Description" description="For the office only." error={errors.description?.message}>
        <Input autoComplete="off" {...register('description')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <Field
            label="Maximum uses"
            description="Sign-ups allowed with the code. 0 closes it: no more sign-ups."
            error={errors.max_uses?.message}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              disabled={noLimit}
              {...register('max_uses')}
            />
          </Field>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              {...register('no_limit', {
                onChange: () => clearErrors('max_uses'),
              })}
            />
            No limit
          </label>
        </div>
        <Field
          label="Expires on"
          description="Works until the end of that day. Empty: never."
          error={errors.expires_at?.message}
        >
          <Input type="date" {...register('expires_at')} />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Referral fee (%)"
          description="For agents who sign up with the code. Empty: none; the office's or the network's rate applies."
          error={errors.referral_fee_percent?.message}
        >
          <Input inputMode="decimal" autoComplete="off" {...register('referral_fee_percent')} />
        </Field>
      </div>
      {/* Controlled selects: React re-applies the value once the options have loaded. */}
      <Controller
        control={control}
        name="corporate_user_id"
        render={({ field }) => (
          <Field
            label="Corporate user"
            description={
              owners.isError
                ? 'The corporate users could not be loaded. Close this and try again.'
                : 'Agents who sign up with the code join this office.'
            }
            error={errors.corporate_user_id?.message}
          >
            <NativeSelect
              {...field}
              disabled={owners.isPending}
              onChange={(event) => {
                // Groups belong to one corporate user: another owner means choosing the group again.
                setValue('group_id', '', { shouldDirty: true });
                field.onChange(event.target.value);
              }}
            >
              <option value="">{owners.isPending ? 'Loading…' : 'None'}</option>
              {owners.data?.items.map((user) => (
                <option key={user.id} value={user.id}>
                  {user.name ? `${user.name} (${user.email})` : user.email}
                  {user.is_active ? '' : ' (deactivated)'}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}
      />
      <Controller
        control={control}
        name="group_id"
        render={({ field }) => (
          <Field
            label="Group"
            description={
              !owner
                ? 'Choose a corporate user first.'
                : groups.isError
                  ? 'Their groups could not be loaded. Choose the corporate user again.'
                  : groups.data?.items.length === 0
                    ? 'This corporate user has no groups yet.'
                    : 'Agents who sign up with the code join this group.'
            }
            error={errors.group_id?.message}
          >
            <NativeSelect
              {...field}
              disabled={!owner || groups.isPending}
              onChange={(event) => field.onChange(event.target.value)}
            >
              <option value="">{owner && groups.isPending ? 'Loading…' : 'None'}</option>
              {groups.data?.items.map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}
      />
    </>
  );
}
