import type { SignInMessages } from './signInKeys.ts';

/** The sign-in screen's texts in Uzbek (uz.ts's, see signIn.ts). */
export const uz: SignInMessages = {
  'ra.auth.username': 'Foydalanuvchi nomi',
  'ra.auth.password': 'Parol',
  'ra.auth.sign_in': 'Kirish',
  'ra.auth.auth_check_error': 'Iltimos, qaytadan kiring',
  'ra.input.password.toggle_visible': 'Parolni yashirish',
  'ra.input.password.toggle_hidden': 'Parolni koʻrsatish',
  'ra.validation.required': 'Majburiy maydon',
  'ra.validation.regex': 'Belgilangan shaklda kiriting: %{pattern}',
  'ra.message.invalid_form': 'Maʼlumotlar toʻgri kiritilganligini tekshiring',
  'conveyor.errors.network': 'Server bilan aloqa yoʻq',
  'conveyor.login.title': 'Boshqaruv paneliga kirish',
  'conveyor.company': 'Konveyer uskunalari',
  'conveyor.login.failure': 'Foydalanuvchi nomi yoki parol notoʻgʻri',
  'conveyor.login.code_failure': 'Kod notoʻgʻri yoki allaqachon ishlatilgan',
  'conveyor.login.code_prompt': 'Autentifikator ilovasidagi 6 xonali kodni kiriting',
  'conveyor.login.recovery_prompt':
    'Zaxira kodlaringizdan birini kiriting (har biri bir marta ishlaydi)',
  'conveyor.login.code': 'Kod',
  'conveyor.login.recovery_code': 'Zaxira kod',
  'conveyor.login.use_recovery': 'Zaxira kod bilan kirish',
  'conveyor.login.use_code': 'Ilova kodi bilan kirish',
  'conveyor.back': 'Orqaga',
};
