import { http, HttpResponse } from 'msw';

/** Default API answers for the unit tests (the real API lives in functions/). */
export const handlers = [
  http.get('*/srv/api/index/index', () => HttpResponse.json({ code: 1, msg: '', time: 0, data: { site: { siteName: '' } } })),
  http.get('*/srv/admin/index/login', () => HttpResponse.json({ code: 1, msg: '', time: 0, data: { captcha: false } })),
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
  http.get('*/srv/api/user/checkIn', () =>
    HttpResponse.json({ code: 1, msg: '', time: 0, data: { loginCaptcha: false, registerCaptcha: true, registerType: 'mobile' } }),
  ),
];
