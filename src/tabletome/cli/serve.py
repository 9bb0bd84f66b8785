"""``tabletome serve``: play in the browser (every game, against people and agents)."""

import os


def run(args) -> int:
    try:
        from tabletome.server import serve
        from tabletome.server.limits import AgentLimits
    except ImportError as exc:
        print(f"tabletome serve needs the server extra: pip install 'tabletome[server]' ({exc})")
        return 2
    from tabletome.server.storage import StorageUnavailable

    limits = AgentLimits(seconds=args.max_agent_seconds, iterations=args.max_agent_iterations,
                         depth=args.max_agent_depth, policy_dir=args.policy_dir)   # refuses a bad limit
    if args.ai_workers < 1:
        print(f"tabletome: --ai-workers must be at least 1, not {args.ai_workers}")
        return 2
    if args.policy_dir is not None and not os.path.isdir(args.policy_dir):
        print(f"tabletome: --policy-dir {args.policy_dir!r} is not a directory")
        return 2
    if args.max_loaded_tables < 1:
        print(f"tabletome serve: --max-loaded-tables must be at least 1, not {args.max_loaded_tables}")
        return 2
    if not args.cleanup_after > 0:
        print(f"tabletome serve: --cleanup-after must be a number of seconds above 0, not {args.cleanup_after}")
        return 2
    try:
        serve(host=args.host, port=args.port, db=args.db, ai_workers=args.ai_workers, ai_delay=args.ai_delay,
              rate=args.rate, limits=limits, cleanup_after=args.cleanup_after, max_loaded=args.max_loaded_tables)
    except StorageUnavailable as exc:
        print(f"tabletome serve: {exc}")
        return 2
    return 0
