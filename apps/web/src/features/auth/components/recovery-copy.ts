import type { RecoveryLang } from '@/config/paths';
import { isApiError } from '@/lib/api-client';

/** The words of the password-recovery pages, in English and Spanish. */
export const RECOVERY_COPY = {
  en: {
    requestTitle: 'Reset your password',
    requestIntro:
      'Enter the e-mail address of your account. We will e-mail you a link to choose a new password.',
    emailLabel: 'Email',
    requestSubmit: 'Send reset link',
    requestSent:
      'If an account exists for that address, we have e-mailed a link to reset your password. The link works once, for one hour.',
    backToLogin: 'Back to sign in',
    otherLanguage: { lang: 'es', label: 'En español' },
    confirmTitle: 'Choose a new password',
    confirmIntro: 'Use at least 8 characters. A long phrase you do not use anywhere else is best.',
    newPasswordLabel: 'New password',
    confirmPasswordLabel: 'Confirm new password',
    confirmSubmit: 'Save new password',
    confirmDone:
      'Your password has been changed. For your security, you have been signed out on every device.',
    signInWithNewPassword: 'Sign in with your new password',
    confirmFailedTitle: 'Your password was not changed',
    requestNewLink: 'Request a new link',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    errors: {
      email: 'Please enter a valid email address',
      passwordTooShort: 'Password must be at least 8 characters',
      passwordTooLong: 'Password must be at most 128 characters',
      mismatch: 'Passwords do not match',
      tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
      generic: 'Something went wrong. Please try again.',
    },
  },
  es: {
    requestTitle: 'Restablecer la contraseña',
    requestIntro:
      'Escriba la dirección de correo electrónico de su cuenta. Le enviaremos un enlace para elegir una contraseña nueva.',
    emailLabel: 'Correo electrónico',
    requestSubmit: 'Enviar el enlace',
    requestSent:
      'Si existe una cuenta con esa dirección, le hemos enviado un enlace para restablecer la contraseña. El enlace funciona una sola vez, durante una hora.',
    backToLogin: 'Volver a iniciar sesión',
    otherLanguage: { lang: 'en', label: 'In English' },
    confirmTitle: 'Elija una contraseña nueva',
    confirmIntro: 'Use al menos 8 caracteres. Lo mejor es una frase larga que no use en ningún otro sitio.',
    newPasswordLabel: 'Contraseña nueva',
    confirmPasswordLabel: 'Confirme la contraseña nueva',
    confirmSubmit: 'Guardar la contraseña nueva',
    confirmDone:
      'Su contraseña se ha cambiado. Por su seguridad, se ha cerrado la sesión en todos sus dispositivos.',
    signInWithNewPassword: 'Iniciar sesión con la contraseña nueva',
    confirmFailedTitle: 'La contraseña no se ha cambiado',
    requestNewLink: 'Solicitar un enlace nuevo',
    showPassword: 'Mostrar contraseña',
    hidePassword: 'Ocultar contraseña',
    errors: {
      email: 'Escriba una dirección de correo electrónico válida',
      passwordTooShort: 'La contraseña debe tener al menos 8 caracteres',
      passwordTooLong: 'La contraseña debe tener como máximo 128 caracteres',
      mismatch: 'Las contraseñas no coinciden',
      tooManyRequests: 'Demasiados intentos. Espere un momento y vuelva a intentarlo.',
      generic: 'Algo salió mal. Vuelva a intentarlo.',
    },
  },
} as const satisfies Record<RecoveryLang, unknown>;

export type RecoveryCopy = (typeof RECOVERY_COPY)[RecoveryLang];

/** Field errors by zod issue code, so the Spanish pages need not carry English messages. */
export function passwordError(copy: RecoveryCopy, error: { type?: unknown; message?: string } | undefined) {
  if (!error) return undefined;
  if (error.type === 'too_small') return copy.errors.passwordTooShort;
  if (error.type === 'too_big') return copy.errors.passwordTooLong;
  if (error.type === 'custom') return copy.errors.mismatch;
  return error.message;
}

export function emailError(copy: RecoveryCopy, error: { message?: string } | undefined) {
  return error ? copy.errors.email : undefined;
}

/**
 * Server details are English; the English page shows them as they are, the Spanish one its own
 * words for the common cases and the server's detail after them.
 */
export function serverError(
  copy: RecoveryCopy,
  lang: RecoveryLang,
  error: unknown,
): { text: string; detail?: string } {
  if (!isApiError(error)) return { text: copy.errors.generic };
  if (lang === 'en') {
    const wait =
      error.status === 429 && error.retryAfterSeconds
        ? ` You can try again in ${error.retryAfterSeconds} seconds.`
        : '';
    return { text: `${error.detail}${wait}` };
  }
  if (error.status === 429) return { text: copy.errors.tooManyRequests };
  return { text: copy.errors.generic, detail: error.fromServer ? error.detail : undefined };
}
