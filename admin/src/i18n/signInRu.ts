import type { SignInMessages } from './signInKeys.ts';

/** The sign-in screen's texts in Russian (ru.ts's, ra-language-russian's among them). */
export const ru: SignInMessages = {
  'ra.auth.username': 'Имя пользователя',
  'ra.auth.password': 'Пароль',
  'ra.auth.sign_in': 'Войти',
  'ra.auth.auth_check_error': 'Пожалуйста, авторизуйтесь для продолжения работы',
  'ra.input.password.toggle_visible': 'Скрыть пароль',
  'ra.input.password.toggle_hidden': 'Показать пароль',
  'ra.validation.required': 'Обязательно для заполнения',
  'ra.validation.regex': 'Должно быть в формате (regexp): %{pattern}',
  'ra.message.invalid_form': 'Проверьте правильность введённых данных',
  'conveyor.errors.network': 'Нет связи с сервером',
  'conveyor.login.title': 'Вход в панель управления',
  'conveyor.company': 'Конвейерное оборудование',
  'conveyor.login.failure': 'Неверное имя пользователя или пароль',
  'conveyor.login.code_failure': 'Неверный или уже использованный код',
  'conveyor.login.code_prompt': 'Введите 6-значный код из приложения-аутентификатора',
  'conveyor.login.recovery_prompt': 'Введите один из резервных кодов (каждый действует один раз)',
  'conveyor.login.code': 'Код',
  'conveyor.login.recovery_code': 'Резервный код',
  'conveyor.login.use_recovery': 'Войти с резервным кодом',
  'conveyor.login.use_code': 'Войти с кодом из приложения',
  'conveyor.back': 'Назад',
};
