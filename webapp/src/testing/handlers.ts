import { http, HttpResponse } from 'msw';

/** Default API answers for the unit tests (the real API lives in functions/). */
export const handlers = [
  http.get('*/srv/api/index/index', () => HttpResponse.json({ code: 1, msg: '', time: 0, data: { site: { siteName: '' } } })),
  http.get('*/srv/admin/index/login', () => HttpResponse.json({ code: 1, msg: '', time: 0, data: { captcha: false } })),
  // The back-office shell asks for its menu counts on every screen: none by default.
  http.get('*/srv/admin/index/badges', () => HttpResponse.json({ code: 1, msg: '', time: 0, data: { badges: {} } })),
  // A member of the default group: every member-center page (the member rules account/<page>).
  http.get('*/srv/api/user/index', () =>
    HttpResponse.json({
      code: 1,
      msg: '',
      time: 0,
      data: {
        userInfo: {},
        menus: [
          {
            name: 'account',
            children: ['overview', 'profile', 'changePassword', 'balance', 'integral'].map((page) => ({ name: `account/${page}` })),
          },
        ],
      },
    }),
  ),
  // A new member's overview: nothing earned or spent yet.
  http.get('*/srv/api/account/overview', () =>
    HttpResponse.json({
      code: 1,
      msg: '',
      time: 0,
      data: { money: '0.00', score: 0, recent: { money: [], score: [] }, chart: { days: [], money: [], score: [] } },
    }),
  ),
  http.get('*/srv/api/user/checkIn', () =>
    HttpResponse.json({ code: 1, msg: '', time: 0, data: { loginCaptcha: false, registerCaptcha: true, registerType: 'mobile' } }),
  ),
];
