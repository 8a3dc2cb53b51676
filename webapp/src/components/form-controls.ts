/**
 * The controls of the first-load screens (login, registration, retrieve password), imported one by
 * one: antd's `Input` and `Checkbox` carry their sub-components (Search, OTP, TextArea, Group…) as
 * statics that no bundler can drop, and antd's Button brings its wave effect and providers (about
 * 10 KB gzip) — /user/login has a 250 KB budget (DESIGN §5), so buttons are ./plain-button.
 */
export { PlainButton as Button } from './plain-button';
export { default as Checkbox } from 'antd/es/checkbox/Checkbox';
export { default as Input } from 'antd/es/input/Input';
export { default as Password } from 'antd/es/input/Password';
