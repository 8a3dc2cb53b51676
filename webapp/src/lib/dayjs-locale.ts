/**
 * dayjs, following the interface language (zh-cn / en). Import dayjs from here, not from 'dayjs':
 * only the pages that format or pick dates load it (it is not part of a screen's first load), and
 * importing it here sets its locale (antd's date pickers use the same instance) and keeps it in step
 * with language switches.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import { i18n } from './i18n';

export type { Dayjs } from 'dayjs';

export function setDayjsLocale(lang: string): void {
  dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
}

setDayjsLocale(i18n.language);
i18n.on('languageChanged', setDayjsLocale);

export default dayjs;
