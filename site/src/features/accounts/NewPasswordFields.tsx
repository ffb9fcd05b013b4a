/**
 * The new password and its confirmation, as sign-up and reset-password ask for them (the hint is
 * the spec's 6-character rule; the API checks both again and names the field it refuses).
 */
import { TextField } from './AuthCard.tsx';

export type NewPasswordField = 'password' | 'confirmPassword';

export function NewPasswordFields({
  ids,
  labels,
  values,
  errors,
  onChange,
}: {
  ids: Record<NewPasswordField, string>;
  labels: Record<NewPasswordField, string>;
  values: Record<NewPasswordField, string>;
  errors: Partial<Record<NewPasswordField, string | null>>;
  onChange: (field: NewPasswordField) => (value: string) => void;
}) {
  return (
    <>
      <TextField
        id={ids.password}
        label={labels.password}
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        value={values.password}
        error={errors.password}
        onChange={onChange('password')}
      />
      <TextField
        id={ids.confirmPassword}
        label={labels.confirmPassword}
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={onChange('confirmPassword')}
      />
    </>
  );
}
