"""``tabletome serve``: play in the browser (every game, against people and agents)."""


def run(args) -> int:
    try:
        from tabletome.server import serve
    except ImportError as exc:
        print(f"tabletome serve needs the server extra: pip install 'tabletome[server]' ({exc})")
        return 2
    from tabletome.server.storage import StorageUnavailable

    if not args.cleanup_after > 0:
        print(f"tabletome serve: --cleanup-after must be a number of seconds above 0, not {args.cleanup_after}")
        return 2
    try:
        serve(host=args.host, port=args.port, db=args.db, ai_workers=args.ai_workers, ai_delay=args.ai_delay,
              rate=args.rate, cleanup_after=args.cleanup_after)
    except StorageUnavailable as exc:
        print(f"tabletome serve: {exc}")
        return 2
    return 0
