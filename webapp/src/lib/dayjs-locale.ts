/** dayjs follows the interface language (zh-cn / en). */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';

export function setDayjsLocale(lang: string): void {
  dayjs.locale(lang === 'zh-cn' ? 'zh-cn' : 'en');
}
