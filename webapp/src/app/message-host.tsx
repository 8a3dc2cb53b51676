/** antd's message API inside ConfigProvider (themed); receives the queued notices. */
import { useEffect } from 'react';
import message from 'antd/es/message';
import { attachNoticeSink } from '../lib/notify';

export default function MessageHost() {
  const [api, contextHolder] = message.useMessage();
  useEffect(() => {
    attachNoticeSink(({ type, text }) => void api[type](text));
    return () => attachNoticeSink(null);
  }, [api]);
  return contextHolder;
}
