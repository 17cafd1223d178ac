import { Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../components/Modal';
import type { Highlighted } from '../../domain/search';
import { searchAll } from './client';
import type { SearchHit, SearchResultGroup } from './engine';
import { useSearchFeed } from './feed';

// 搜索全部 (issue 63 item 4): one search over every module, opened by the bar's 搜索, 更多's
// 搜索 on a phone, and Ctrl+K / ⌘K (src/app/Layout.tsx). The index is the worker's
// (search.worker.ts), fed from the device's copy (feed.ts): it works offline.

function Marked({ pieces }: { pieces: Highlighted }) {
  return (
    <>
      {pieces.map((piece, i) =>
        piece.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order
          <mark key={i} className="rounded-sm bg-amber-200 px-px text-slate-900">
            {piece.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order
          <span key={i}>{piece.text}</span>
        ),
      )}
    </>
  );
}

type Found = { query: string; groups: SearchResultGroup[] } | null;

export function SearchDialog({ onClose }: { onClose: () => void }) {
  const feed = useSearchFeed();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const listId = useId();
  const asked = useRef(0);

  // Each key asks the worker; an answer to an older key is dropped. While the index is being
  // built the same query is asked again as it grows, so results fill in.
  const trimmed = query.trim();
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again as the index grows
  useEffect(() => {
    const ask = ++asked.current;
    if (trimmed === '') {
      setFound(null);
      return;
    }
    searchAll(trimmed).then(
      (groups) => {
        if (ask !== asked.current) return;
        setFound({ query: trimmed, groups });
        setFailure(null);
      },
      (err: unknown) => {
        if (ask === asked.current) setFailure(err instanceof Error ? err.message : '搜索失败');
      },
    );
  }, [trimmed, feed.size, feed.ready]);
  // A new query starts at its first result.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on each new query
  useEffect(() => setActive(0), [trimmed]);

  const hits = useMemo(() => found?.groups.flatMap((g) => g.hits) ?? [], [found]);
  const current = hits[Math.min(active, hits.length - 1)];
  const optionId = (hit: SearchHit) => `${listId}-${hit.id}`;

  const open = (hit: SearchHit) => {
    onClose();
    navigate(hit.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (hits.length === 0) return;
    let next = active;
    if (event.key === 'ArrowDown') next = (active + 1) % hits.length;
    else if (event.key === 'ArrowUp') next = (active - 1 + hits.length) % hits.length;
    else if (event.key === 'Home' && event.ctrlKey) next = 0;
    else if (event.key === 'End' && event.ctrlKey) next = hits.length - 1;
    else if (event.key === 'Enter') {
      event.preventDefault();
      if (current) open(current);
      return;
    } else return;
    event.preventDefault();
    setActive(next);
    document.getElementById(optionId(hits[next]!))?.scrollIntoView({ block: 'nearest' });
  };

  const error = failure ?? feed.error;
  let index = -1;
  return (
    <Modal title="搜索" onClose={onClose} size="lg">
      <div className="flex flex-col gap-3">
        <label className="relative block">
          <span className="sr-only">搜索全部</span>
          <Search
            size={16}
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400"
          />
          <input
            type="search"
            role="combobox"
            placeholder="搜索全部"
            className="input pl-9"
            autoComplete="off"
            enterKeyHint="search"
            aria-expanded={hits.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={current ? optionId(current) : undefined}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onKeyDown}
          />
        </label>
        <p
          className="text-xs text-slate-500"
          data-search-state={feed.ready ? 'ready' : 'building'}
          aria-live="polite"
        >
          {error ? null : feed.ready ? (
            <>
              已索引 {feed.size} 条
              {/* The keys are a keyboard's: a phone's sheet leaves them out. */}
              <span className="hidden sm:inline"> · ↑↓ 选择，回车打开</span>
            </>
          ) : (
            `正在建立索引…（已索引 ${feed.size} 条）`
          )}
        </p>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        {trimmed === '' && !error && (
          <p className="text-sm text-slate-500">
            搜索任务、记账、资产、健身、专注、打卡和标签：标题、备注、分类、金额（如
            12.5），也可输入拼音或首字母（如 lx）。
          </p>
        )}
        {found && found.query === trimmed && hits.length === 0 && (
          <p className="text-sm text-slate-500">没有找到与「{trimmed}」相关的记录</p>
        )}
        <div
          id={listId}
          role="listbox"
          aria-label="搜索结果"
          className="-mx-2 flex flex-col gap-3"
          hidden={hits.length === 0}
        >
          {found?.groups.map((group) => (
            // biome-ignore lint/a11y/useSemanticElements: options grouped in a listbox (ARIA), not form fields
            <div key={group.key} role="group" aria-labelledby={`${listId}-${group.key}`}>
              <div
                id={`${listId}-${group.key}`}
                className="flex items-baseline justify-between px-2 pb-1 text-xs font-semibold text-slate-500"
              >
                <span>{group.label}</span>
                <span className="font-normal">
                  {group.total > group.hits.length
                    ? `前 ${group.hits.length} 条，共 ${group.total} 条`
                    : `${group.total} 条`}
                </span>
              </div>
              {group.hits.map((hit) => {
                index++;
                const at = index;
                const selected = current === hit;
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the input's (aria-activedescendant)
                  <div
                    key={hit.id}
                    id={optionId(hit)}
                    role="option"
                    aria-selected={selected}
                    aria-labelledby={`${optionId(hit)}-t ${optionId(hit)}-d`}
                    tabIndex={-1}
                    className={`cursor-pointer rounded-lg px-2 py-1.5 ${
                      selected ? 'bg-blue-50 ring-1 ring-blue-200' : 'hover:bg-slate-100'
                    }`}
                    onMouseMove={() => setActive(at)}
                    onClick={() => open(hit)}
                  >
                    <div
                      id={`${optionId(hit)}-t`}
                      className="truncate text-sm font-medium text-slate-900"
                    >
                      <Marked pieces={hit.title} />
                    </div>
                    <div id={`${optionId(hit)}-d`} className="truncate text-xs text-slate-500">
                      <Marked pieces={hit.detail} />
                    </div>
                    {hit.note && (
                      <div className="truncate text-xs text-slate-500">
                        <Marked pieces={hit.note} />
                      </div>
                    )}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
    </Modal>
  );
}
