/** /user/loading/:to? with a member session: the member-center home placeholder. */
import { memberSession } from '../../../lib/auth-tokens';
import { LoadingHome } from './loading-home';

export function UserLoading() {
  const info = memberSession.get();
  return <LoadingHome name={info.nickname || info.username} />;
}

export { UserLoading as Component };
