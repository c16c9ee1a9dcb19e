/**
 * The texts of the sign-in screen, under their keys in the admin's catalogues (uz.ts, ru.ts,
 * en.ts): react-admin's own and ours, as the screen showed them when it ran on react-admin.
 * They are kept apart, a few lines a language, because react-admin's i18n (polyglot, the
 * store, the whole catalogues) is most of a screen's JavaScript on its own and the sign-in
 * screen, the first one, has a budget (admin/scripts/initialJs.ts). test/signIn.test.ts holds
 * each text to the catalogue's. The keys are a module of their own, below the screen's code and
 * the texts of each language, which both take their type from here.
 */
export const SIGN_IN_KEYS = [
  'ra.auth.username',
  'ra.auth.password',
  'ra.auth.sign_in',
  'ra.auth.auth_check_error',
  'ra.input.password.toggle_visible',
  'ra.input.password.toggle_hidden',
  'ra.validation.required',
  'ra.validation.regex',
  'ra.message.invalid_form',
  'conveyor.errors.network',
  'conveyor.login.title',
  'conveyor.company',
  'conveyor.login.failure',
  'conveyor.login.code_failure',
  'conveyor.login.code_prompt',
  'conveyor.login.recovery_prompt',
  'conveyor.login.code',
  'conveyor.login.recovery_code',
  'conveyor.login.use_recovery',
  'conveyor.login.use_code',
  'conveyor.back',
] as const;

export type SignInKey = (typeof SIGN_IN_KEYS)[number];
export type SignInMessages = Readonly<Record<SignInKey, string>>;
