/**
 * The antd controls of the first-load screens (login, registration, retrieve password), imported one
 * by one: antd's `Input`, `Checkbox` and `Button` carry their sub-components (Search, OTP, TextArea,
 * Group…) as statics that no bundler can drop, and /user/login has a 250 KB budget (DESIGN §5).
 */
export { default as Button } from 'antd/es/button/Button';
export { default as Checkbox } from 'antd/es/checkbox/Checkbox';
export { default as Input } from 'antd/es/input/Input';
export { default as Password } from 'antd/es/input/Password';
