import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../components/useDocumentTitle';

/** An address the app does not have: say so, rather than silently showing the home screen. */
export function NotFoundScreen() {
  useDocumentTitle('页面不存在');
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <p className="text-5xl font-semibold text-slate-300 tabular-nums" aria-hidden="true">
        404
      </p>
      <h1 className="text-xl font-semibold text-slate-900">页面不存在</h1>
      <p className="text-sm text-slate-500">
        这个地址没有对应的页面，可能输错了，或者页面已经移走。
      </p>
      <Link to="/" className="btn-primary">
        返回首页
      </Link>
    </div>
  );
}
