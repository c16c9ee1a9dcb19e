import type { SignInMessages } from './signInKeys.ts';

/** The sign-in screen's texts in English (en.ts's, ra-language-english's among them). */
export const en: SignInMessages = {
  'ra.auth.username': 'Username',
  'ra.auth.password': 'Password',
  'ra.auth.sign_in': 'Sign in',
  'ra.auth.auth_check_error': 'Please login to continue',
  'ra.input.password.toggle_visible': 'Hide password',
  'ra.input.password.toggle_hidden': 'Show password',
  'ra.validation.required': 'Required',
  'ra.validation.regex': 'Must match a specific format (regexp): %{pattern}',
  'ra.message.invalid_form': 'The form is not valid. Please check for errors',
  'conveyor.errors.network': 'The server cannot be reached',
  'conveyor.login.title': 'Sign in to the back office',
  'conveyor.company': 'Conveyor equipment',
  'conveyor.login.failure': 'Wrong username or password',
  'conveyor.login.code_failure': 'Wrong or already used code',
  'conveyor.login.code_prompt': 'Enter the 6-digit code from your authenticator app',
  'conveyor.login.recovery_prompt': 'Enter one of your recovery codes (each works once)',
  'conveyor.login.code': 'Code',
  'conveyor.login.recovery_code': 'Recovery code',
  'conveyor.login.use_recovery': 'Use a recovery code',
  'conveyor.login.use_code': 'Use the app’s code',
  'conveyor.back': 'Back',
};
