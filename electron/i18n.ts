import type { Lang } from '../shared/desktop/ipc';

/**
 * Strings of native menus and dialogs. The renderer owns the UI language and tells
 * the main process through setLanguage; until it does, the OS locale decides.
 */
const en = {
  'menu.file': 'File',
  'menu.quit': 'Quit',
  'menu.edit': 'Edit',
  'menu.undo': 'Undo',
  'menu.redo': 'Redo',
  'menu.cut': 'Cut',
  'menu.copy': 'Copy',
  'menu.paste': 'Paste',
  'menu.selectAll': 'Select All',
  'menu.view': 'View',
  'menu.reload': 'Reload',
  'menu.zoomIn': 'Zoom In',
  'menu.zoomOut': 'Zoom Out',
  'menu.resetZoom': 'Actual Size',
  'menu.fullScreen': 'Toggle Full Screen',
  'menu.devTools': 'Developer Tools',
  'menu.window': 'Window',
  'menu.minimize': 'Minimize',
  'menu.close': 'Close',
  'menu.about': 'About {name}',
  'menu.hide': 'Hide {name}',
  'dialog.saveTitle': 'Save file',
  'dialog.openTitle': 'Open file',
  'file.busy':
    'The file is open in another program (such as Excel) or this folder does not allow saving. Close the file or choose another folder, then try again.',
  'file.readBusy': 'The file could not be read: it is open in another program (such as Excel) or you do not have access to it. Close it and try again.',
  'file.diskFull': 'The disk is full. Free some space or choose another drive, then try again.',
  'file.notFound': 'The file or folder no longer exists. Choose another one.',
  'file.failed': 'The file could not be saved. Please try again.',
  'file.readFailed': 'The file could not be read. Please try again.',
  'file.wrongType': 'This file type is not accepted. Choose a file ending in {extensions}.',
  'file.tooLarge': 'The file is too large (the limit is {limit} MB).',
  'server.invalidUrl': 'Enter the server address, for example http://192.168.1.10:8080',
  'server.unreachable': 'The server at {url} could not be reached. Check the address and that the server is running.',
  'server.timeout': 'The server at {url} did not answer in time. Check the address and the network.',
  'server.notHotelServer': '{url} answered, but it is not the hotel service server.',
  'server.insecure':
    '{url} is not encrypted (http://): anyone on the network can read the passwords and sign-ins sent to it. Use an https:// address if the hotel has one; otherwise confirm only on a network you trust.',
  'session.unreachable': 'The server could not be reached to renew your session. Check the connection and try again.',
  'vault.noKeychainTitle': 'Sign-in will not be remembered',
  'vault.noKeychain':
    'This computer has no secure key store (keychain) for the app, so your sign-in is kept only while the app is open. You will need to sign in again next time.',
  'ipc.invalid': 'The request was not valid.',
  'ok': 'OK',
  'unload.title': 'Unsent reply',
  'unload.message': 'A reply to the guest has not been sent. Leave without sending it?',
  'unload.leave': 'Leave',
  'unload.stay': 'Stay',
} as const;

export type MessageKey = keyof typeof en;

const ar: Record<MessageKey, string> = {
  'menu.file': 'ملف',
  'menu.quit': 'خروج',
  'menu.edit': 'تحرير',
  'menu.undo': 'تراجع',
  'menu.redo': 'إعادة',
  'menu.cut': 'قص',
  'menu.copy': 'نسخ',
  'menu.paste': 'لصق',
  'menu.selectAll': 'تحديد الكل',
  'menu.view': 'عرض',
  'menu.reload': 'إعادة التحميل',
  'menu.zoomIn': 'تكبير',
  'menu.zoomOut': 'تصغير',
  'menu.resetZoom': 'الحجم الفعلي',
  'menu.fullScreen': 'ملء الشاشة',
  'menu.devTools': 'أدوات المطور',
  'menu.window': 'نافذة',
  'menu.minimize': 'تصغير النافذة',
  'menu.close': 'إغلاق',
  'menu.about': 'حول {name}',
  'menu.hide': 'إخفاء {name}',
  'dialog.saveTitle': 'حفظ الملف',
  'dialog.openTitle': 'فتح ملف',
  'file.busy': 'الملف مفتوح في برنامج آخر (مثل Excel) أو أن هذا المجلد لا يسمح بالحفظ. أغلق الملف أو اختر مجلداً آخر ثم حاول مرة أخرى.',
  'file.readBusy': 'تعذرت قراءة الملف: إنه مفتوح في برنامج آخر (مثل Excel) أو ليست لديك صلاحية الوصول إليه. أغلقه ثم حاول مرة أخرى.',
  'file.diskFull': 'القرص ممتلئ. أفرغ بعض المساحة أو اختر قرصاً آخر ثم حاول مرة أخرى.',
  'file.notFound': 'الملف أو المجلد لم يعد موجوداً. اختر غيره.',
  'file.failed': 'تعذر حفظ الملف. يرجى المحاولة مرة أخرى.',
  'file.readFailed': 'تعذرت قراءة الملف. يرجى المحاولة مرة أخرى.',
  'file.wrongType': 'نوع الملف غير مقبول. اختر ملفاً ينتهي بـ {extensions}.',
  'file.tooLarge': 'الملف كبير جداً (الحد الأقصى {limit} ميجابايت).',
  'server.invalidUrl': 'أدخل عنوان الخادم، مثلاً http://192.168.1.10:8080',
  'server.unreachable': 'تعذر الوصول إلى الخادم {url}. تحقق من العنوان ومن أن الخادم يعمل.',
  'server.timeout': 'لم يستجب الخادم {url} في الوقت المحدد. تحقق من العنوان ومن الشبكة.',
  'server.notHotelServer': 'استجاب {url} لكنه ليس خادم خدمات الفندق.',
  'server.insecure':
    'العنوان {url} غير مشفّر (http://): يستطيع أي شخص على الشبكة قراءة كلمات المرور وبيانات الدخول المرسلة إليه. استخدم عنوان https:// إن كان لدى الفندق عنوان كهذا، وإلا فلا تؤكد إلا على شبكة تثق بها.',
  'session.unreachable': 'تعذر الوصول إلى الخادم لتجديد الجلسة. تحقق من الاتصال ثم حاول مرة أخرى.',
  'vault.noKeychainTitle': 'لن يتم تذكر تسجيل الدخول',
  'vault.noKeychain':
    'لا يتوفر على هذا الجهاز مخزن مفاتيح آمن للتطبيق، لذلك يُحفظ تسجيل دخولك فقط أثناء فتح التطبيق. ستحتاج إلى تسجيل الدخول مرة أخرى في المرة القادمة.',
  'ipc.invalid': 'الطلب غير صالح.',
  'ok': 'موافق',
  'unload.title': 'رد لم يُرسل',
  'unload.message': 'لم يُرسل الرد إلى النزيل بعد. هل تغادر دون إرساله؟',
  'unload.leave': 'مغادرة',
  'unload.stay': 'البقاء',
};

const dictionaries: Record<Lang, Record<MessageKey, string>> = { en, ar };

export function translate(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  return dictionaries[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The language of native UI, shared by every main module. */
let current: Lang = 'en';

export const currentLang = (): Lang => current;
export const t = (key: MessageKey, params?: Record<string, string | number>) => translate(current, key, params);

export function setCurrentLang(lang: Lang): void {
  current = lang;
}

/** Arabic when the OS speaks it, English otherwise. */
export const langFromLocale = (locale: string): Lang => (locale.toLowerCase().startsWith('ar') ? 'ar' : 'en');
