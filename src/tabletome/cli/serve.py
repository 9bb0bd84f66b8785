"""``tabletome serve``: play in the browser (every game, against people and agents)."""

import ipaddress
import math
import os


def run(args) -> int:
    try:
        from tabletome.server import serve
        from tabletome.server.limits import AgentLimits, CreationLimit
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
    if not 0 < args.expire_after < math.inf:
        print(f"tabletome serve: --expire-after must be a number of days above 0, not {args.expire_after}")
        return 2
    if args.max_pages_per_client < 1:
        print(f"tabletome serve: --max-pages-per-client must be at least 1, not {args.max_pages_per_client}")
        return 2
    if args.max_creations_per_hour < 1:
        print(f"tabletome serve: --max-creations-per-hour must be at least 1, not {args.max_creations_per_hour}")
        return 2
    try:
        proxies = check_proxies(args.forwarded_allow_ips)
    except ValueError as exc:
        print(f"tabletome serve: --forwarded-allow-ips: {exc}")
        return 2
    try:
        serve(host=args.host, port=args.port, db=args.db, ai_workers=args.ai_workers, ai_delay=args.ai_delay,
              rate=args.rate, limits=limits, cleanup_after=args.cleanup_after, max_loaded=args.max_loaded_tables,
              creations=CreationLimit(args.max_creations_per_hour), expire_after=args.expire_after * 86400,
              forwarded_allow_ips=proxies, max_pages=args.max_pages_per_client)
    except StorageUnavailable as exc:
        print(f"tabletome serve: {exc}")
        return 2
    return 0


def check_proxies(text: str | None) -> str | None:
    """``--forwarded-allow-ips`` checked: addresses or networks, comma-separated (None: none)."""
    if text is None:
        return None
    items = [item.strip() for item in text.split(",") if item.strip()]
    if not items:
        raise ValueError("name at least one proxy address or network, such as 127.0.0.1 or 10.0.0.0/8")
    for item in items:
        if item == "*":              # every address that connects is a proxy (reachable only through one)
            continue
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise ValueError(f"{item!r} is not an address or a network (such as 127.0.0.1, ::1 or 10.0.0.0/8)") from None
    return ",".join(items)
