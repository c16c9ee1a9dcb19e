import type { Language } from './languages.ts';

/**
 * The privacy notice the site shows until staff write their own (settings, three languages):
 * what the forms collect, why, who sees it and how long it is kept. Paragraphs are separated
 * by a blank line.
 */
export const DEFAULT_PRIVACY_TEXT: Record<Language, string> = {
  uz: [
    'Saytdagi shakllar orqali yuborgan maʼlumotlaringiz (ism, telefon, e-pochta, xabar va siz qaysi sahifa yoki mahsulotdan yozganingiz) faqat soʻrovingizga javob berish va hamkorlik takliflarini koʻrib chiqish uchun ishlatiladi. Soʻrovni Telegram-botimiz orqali davom ettirsangiz, yozishmalar ham soʻrov bilan birga saqlanadi.',
    'Maʼlumotlarni faqat kompaniyamizning savdo va taʼminot boʻlimi xodimlari koʻradi. Ular uchinchi shaxslarga sotilmaydi va berilmaydi.',
    'Maʼlumotlar ish uchun kerak boʻlgan muddat davomida saqlanadi, soʻngra oʻchiriladi. Ularni koʻrish, tuzatish yoki oʻchirishni soʻrash uchun sahifa pastidagi telefon yoki e-pochta orqali biz bilan bogʻlaning.',
  ].join('\n\n'),
  ru: [
    'Данные, которые вы отправляете через формы сайта (имя, телефон, e-mail, сообщение, а также страница или товар, с которых вы написали), используются только для ответа на ваш запрос и рассмотрения предложений о сотрудничестве. Если вы продолжите запрос в нашем Telegram-боте, переписка хранится вместе с запросом.',
    'Данные видят только сотрудники отделов продаж и снабжения нашей компании. Мы не продаём и не передаём их третьим лицам.',
    'Данные хранятся столько, сколько нужно для работы, затем удаляются. Чтобы узнать, исправить или удалить свои данные, свяжитесь с нами по телефону или e-mail внизу страницы.',
  ].join('\n\n'),
  en: [
    'What you send through the forms of this site (your name, phone, e-mail, message, and the page or product you wrote from) is used only to answer your request and to consider supply offers. If you carry your request on with our Telegram bot, the conversation is kept with it.',
    'Only our sales and purchasing staff see it. We do not sell it or pass it on to anyone else.',
    'It is kept as long as the work needs it, then deleted. To see, correct or delete your data, contact us by the phone or e-mail at the bottom of the page.',
  ].join('\n\n'),
};
