"""The shared half of the frontier in Redis: one Lua script, one round trip per sync.

Keys, all under a prefix (``CITESEEKER_REDIS_KEY``, default ``citeseeker``; one job per prefix):

==============================  ==========  ========================================================
``<p>:pending``                 sorted set  Pending Servers; score = references·2³⁰ − arrival
``<p>:refs`` / ``<p>:arrival``  hashes      a pending server's references and arrival number
``<p>:pdocs:<server>``          hash        its Pending Documents: url → ``-order depth [payload]``
``<p>:owner``                   hash        leased server → worker id
``<p>:leased``                  sorted set  leased server → lease expiry (Redis clock, ms)
``<p>:queued:<server>``         hash        a leased server's stack as of the last flush
``<p>:done:<server>``           set         its completed documents as of the last flush
``<p>:deferred``                hash        a deferred leased server → ``deferrals until waiting``
                                            (``until``: its next try, Redis clock, ms)
``<p>:completed``               set         Completed Servers (the skeletons: names only)
``<p>:start_urls``              list        start points pushed while workers run
``<p>:starting``                sorted set  workers holding popped start points not yet sent back
``<p>:citations``               set         ``url member publication`` reported by any worker
``<p>:workers``                 sorted set  live workers → their last sync (Redis clock, ms)
``<p>:room``                    hash        worker → servers it asked for and did not get
==============================  ==========  ========================================================

Why Lua: a sync renews leases, writes a batch of links and done marks, moves documents other
workers found onto the stacks of this worker's servers, leases new servers (expired leases
first: a takeover continues from the last flush) and reads the global state — atomically, so
no server is ever leased twice and no link falls between a lease and a completion. A link is
admitted by the worker's admission rules (:mod:`.rules`), sent with every sync: the script
applies the checks it is given, in their order, and decides nothing of its own. The script
names its keys from the prefix, so it needs one Redis (not a Cluster; see docs/many-workers.md, "Sharding").
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..settings_table import default_of, read
from ..exceptions import ConfigError
from .model import Deferral
from .rules import COMPLETED_SERVERS, PENDING_DOCUMENTS, AdmissionRules, Rule

SYNC_SCRIPT = r"""
local p = KEYS[1]
local a = cjson.decode(ARGV[1])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local me = a.worker
local out = {lost = {}, granted = {}, arrived = {}, refused = {}, accepted = 0}
local lost = {}

local function key(name, server) return p .. ':' .. name .. ':' .. server end

-- the outcome of the first rule whose check holds (the rules and their order are the
-- caller's: a rule checks server s, or its document url, against the key it names)
local function refusal(rules, s, url)
  for _, r in ipairs(rules) do
    if (r.check == 'member' and redis.call('SISMEMBER', p .. ':' .. r.key, s) == 1)
       or (r.check == 'has' and redis.call('HEXISTS', key(r.key, s), url) == 1)
       or (r.check == 'at_least' and redis.call('HLEN', key(r.key, s)) >= r.limit) then
      return r.outcome
    end
  end
  return nil
end

local function refuse(outcome, count) out.refused[outcome] = (out.refused[outcome] or 0) + count end

-- SADD/HDEL in slices: Lua's unpack has a limit on the number of values
local function each_slice(list, fn)
  for i = 1, #list, 1000 do fn(unpack(list, i, math.min(i + 999, #list))) end
end

local function move_pending_documents(s)
  local docs = redis.call('HGETALL', key('pdocs', s))
  local moved = {}
  for i = 1, #docs, 2 do
    if redis.call('SISMEMBER', key('done', s), docs[i]) == 0 and
       redis.call('HSETNX', key('queued', s), docs[i], docs[i + 1]) == 1 then
      table.insert(moved, docs[i]); table.insert(moved, docs[i + 1])
    end
  end
  redis.call('DEL', key('pdocs', s))
  return moved
end

-- a deferred server's state for its next owner: the milliseconds left of its wait
local function deferral(s)
  local d = redis.call('HGET', p .. ':deferred', s)
  if not d then return nil end
  local count, untl, waiting = string.match(d, '^(%d+) (%d+) (%d)$')
  return {tonumber(count), math.max(0, tonumber(untl) - now), tonumber(waiting)}
end

local function lease(s, takeover)
  redis.call('HSET', p .. ':owner', s, me)
  redis.call('ZADD', p .. ':leased', now + a.ttl, s)
  redis.call('HDEL', p .. ':refs', s)
  redis.call('HDEL', p .. ':arrival', s)
  move_pending_documents(s)
  out.granted[s] = {queued = redis.call('HGETALL', key('queued', s)),
                    done = redis.call('SMEMBERS', key('done', s)), takeover = takeover,
                    deferral = deferral(s)}
end

-- 1. renew this worker's leases; a lease another worker took over is lost
for _, s in ipairs(a.renew) do
  if redis.call('HGET', p .. ':owner', s) == me then
    redis.call('ZADD', p .. ':leased', now + a.ttl, s)
  else
    lost[s] = true
    table.insert(out.lost, s)
  end
end

-- 1b. a worker closing gracefully hands its servers back at once (lease expired now)
for _, s in ipairs(a.release) do
  if not lost[s] and redis.call('HGET', p .. ':owner', s) == me then
    redis.call('ZADD', p .. ':leased', 0, s)
  end
end

-- 2. links to servers held elsewhere: pending servers (references) and pending documents,
-- each through the admission rules given: the server's (a refusal drops the link whole), then
-- the document's
for s, l in pairs(a.links) do
  local outcome = refusal(a.rules.server, s, nil)
  if outcome then
    refuse(outcome, #l.docs / 2)
  else
    if redis.call('HEXISTS', p .. ':owner', s) == 0 then
      local arrival = redis.call('HGET', p .. ':arrival', s)
      if not arrival then
        arrival = redis.call('INCR', p .. ':next_arrival')
        redis.call('HSET', p .. ':arrival', s, arrival)
      end
      local refs = redis.call('HINCRBY', p .. ':refs', s, l.refs)
      redis.call('ZADD', p .. ':pending', string.format('%.0f', refs * 1073741824 - arrival), s)
    end
    for i = 1, #l.docs, 2 do
      outcome = refusal(a.rules.document, s, l.docs[i])
      if outcome then
        refuse(outcome, 1)
      else
        local order = redis.call('INCR', p .. ':order')
        redis.call('HSET', key('pdocs', s), l.docs[i], '-' .. order .. ' ' .. l.docs[i + 1])
        out.accepted = out.accepted + 1
      end
    end
  end
end

-- 3. this worker's servers: stack pushes, then done marks (the flush), then completions
for s, docs in pairs(a.pushed) do
  if not lost[s] then
    for i = 1, #docs, 2 do redis.call('HSET', key('queued', s), docs[i], docs[i + 1]) end
  end
end
for s, urls in pairs(a.done) do
  if not lost[s] and #urls > 0 then
    each_slice(urls, function(...) redis.call('SADD', key('done', s), ...) end)
    each_slice(urls, function(...) redis.call('HDEL', key('queued', s), ...) end)
  end
end
for s, d in pairs(a.deferred or {}) do
  if not lost[s] then
    redis.call('HSET', p .. ':deferred', s,
               string.format('%d %.0f %d', d[1], now + d[2], d[3]))
  end
end
-- a server is completed unless another worker named a document for it meanwhile (then the
-- document goes onto its stack in step 4 and the worker asks again when it is done)
out.completed = {}
for _, s in ipairs(a.completed) do
  local owner = redis.call('HGET', p .. ':owner', s)
  if not lost[s] and (not owner or (owner == me and redis.call('EXISTS', key('pdocs', s)) == 0)) then
    table.insert(out.completed, s)
    redis.call('SADD', p .. ':completed', s)
    redis.call('ZREM', p .. ':pending', s)
    redis.call('ZREM', p .. ':leased', s)
    redis.call('HDEL', p .. ':owner', s)
    redis.call('HDEL', p .. ':refs', s)
    redis.call('HDEL', p .. ':arrival', s)
    redis.call('HDEL', p .. ':deferred', s)
    redis.call('DEL', key('pdocs', s), key('queued', s), key('done', s))
  end
end

-- 4. documents other workers named for this worker's servers go onto their stacks
for _, s in ipairs(a.renew) do
  if not lost[s] and redis.call('EXISTS', key('pdocs', s)) == 1 then
    out.arrived[s] = move_pending_documents(s)
  end
end

-- 5. citations: which of these were not reported by any worker before
out.new_citations = {}
for i, c in ipairs(a.citations) do
  if redis.call('SADD', p .. ':citations', c) == 1 then table.insert(out.new_citations, i) end
end

-- 6. new leases: expired ones first (takeover from the last flush), then the most referenced;
-- no worker holds more than its fair share while others are live (a worker is live until
-- one lease time after its last sync): ceil(servers being crawled or pending / live workers)
if a.leaving then
  redis.call('ZREM', p .. ':workers', me)
  redis.call('HDEL', p .. ':room', me)
else
  redis.call('ZADD', p .. ':workers', now, me)
end
for _, w in ipairs(redis.call('ZRANGEBYSCORE', p .. ':workers', '-inf', now - a.ttl)) do
  redis.call('HDEL', p .. ':room', w)
end
redis.call('ZREMRANGEBYSCORE', p .. ':workers', '-inf', now - a.ttl)
local live = math.max(1, redis.call('ZCARD', p .. ':workers'))
local servers = redis.call('ZCARD', p .. ':pending') + redis.call('ZCARD', p .. ':leased')
out.share = math.max(1, math.ceil(servers / live))
out.live_workers = live
-- room other live workers asked for and did not get (a worker over its share hands back no
-- more than that)
out.others_room = 0
for _, w in ipairs(redis.call('ZRANGE', p .. ':workers', 0, -1)) do
  if w ~= me then out.others_room = out.others_room + tonumber(redis.call('HGET', p .. ':room', w) or 0) end
end
local held = #a.renew - #out.lost
local want = math.min(a.want, math.max(0, out.share - held))
if want > 0 then
  for _, s in ipairs(redis.call('ZRANGEBYSCORE', p .. ':leased', '-inf', now, 'LIMIT', 0, want)) do
    lease(s, true)
    want = want - 1
  end
end
while want > 0 do
  local top = redis.call('ZPOPMAX', p .. ':pending')
  if #top == 0 then break end
  if redis.call('SISMEMBER', p .. ':completed', top[1]) == 0 then
    lease(top[1], false)
    want = want - 1
  end
end
if not a.leaving then
  redis.call('HSET', p .. ':room', me, want)  -- wanted within its share, not granted
end

-- 7. start points pushed while workers run; "starting" covers the moment they are in no key
redis.call('ZREM', p .. ':starting', me)
if a.start_urls > 0 then
  local urls = redis.call('LPOP', p .. ':start_urls', a.start_urls)
  if urls then
    out.start_urls = urls
    redis.call('ZADD', p .. ':starting', now + a.ttl, me)
  end
end

-- 8. the whole job's state: finished when nothing is pending, leased or about to start
out.pending = redis.call('ZCARD', p .. ':pending')
out.leased = redis.call('ZCARD', p .. ':leased')
out.waiting_start_urls = redis.call('LLEN', p .. ':start_urls')
out.starting = redis.call('ZCOUNT', p .. ':starting', now, '+inf')
out.started = redis.call('EXISTS', p .. ':next_arrival')
out.completed_servers = redis.call('SCARD', p .. ':completed')
return cjson.encode(out)
"""


def pairs_of(flat: Any) -> dict[str, str]:
    """A Redis flat reply ``[k1, v1, k2, v2]`` (cjson turns an empty one into ``{}``)."""
    if not flat:
        return {}
    return dict(zip(flat[0::2], flat[1::2]))


def list_of(value: Any) -> list:
    return list(value) if isinstance(value, list) else []


def deferral_of(value: Any) -> Deferral | None:
    """The script's ``[deferrals, milliseconds left, waiting]`` of a granted server."""
    if not value:
        return None
    deferrals, left_ms, waiting = value
    return Deferral(int(deferrals), left_ms / 1000, bool(waiting))


@dataclass
class SyncReply:
    """What one sync brought back; see :data:`SYNC_SCRIPT`."""

    lost: list[str] = field(default_factory=list)
    completed: list[str] = field(default_factory=list)
    #: server -> (its stack, its completed documents, a takeover, its deferral if deferred)
    granted: dict[str, tuple[dict[str, str], list[str], bool, Deferral | None]] = field(
        default_factory=dict)
    arrived: dict[str, dict[str, str]] = field(default_factory=dict)
    start_urls: list[str] = field(default_factory=list)
    new_citations: list[int] = field(default_factory=list)
    accepted: int = 0
    #: links refused by an admission rule: the rule's outcome -> how many
    refused: dict[str, int] = field(default_factory=dict)
    pending: int = 0
    leased: int = 0
    waiting_start_urls: int = 0
    starting: int = 0
    started: bool = False
    completed_servers: int = 0
    #: the most servers this worker should hold now (see step 6 of the script), and how many
    #: workers are live
    share: int = 0
    live_workers: int = 1
    others_room: int = 0

    @classmethod
    def parse(cls, raw: str) -> SyncReply:
        data = json.loads(raw)
        granted = {server: (pairs_of(g.get("queued")), list_of(g.get("done")),
                            bool(g.get("takeover")), deferral_of(g.get("deferral")))
                   for server, g in (data.get("granted") or {}).items()}
        return cls(
            lost=list_of(data.get("lost")), completed=list_of(data.get("completed")),
            granted=granted,
            arrived={s: pairs_of(docs) for s, docs in (data.get("arrived") or {}).items()},
            start_urls=list_of(data.get("start_urls")),
            new_citations=[i - 1 for i in list_of(data.get("new_citations"))],
            accepted=int(data["accepted"]),
            refused={outcome: int(count) for outcome, count in (data.get("refused") or {}).items()},
            pending=int(data["pending"]),
            leased=int(data["leased"]), waiting_start_urls=int(data["waiting_start_urls"]),
            starting=int(data["starting"]), started=bool(data["started"]),
            completed_servers=int(data["completed_servers"]),
            share=int(data.get("share", 0)), live_workers=int(data.get("live_workers", 1)),
            others_room=int(data.get("others_room", 0)))

    def job_finished(self) -> bool:
        """Nothing pending, leased, waiting or being started, and the job did start."""
        return (self.started and not self.pending and not self.leased
                and not self.waiting_start_urls and not self.starting)


#: The key each structure an admission rule looks at is kept under (see the table above).
RULE_KEYS = {COMPLETED_SERVERS: "completed", PENDING_DOCUMENTS: "pdocs"}


def rules_argument(rules: AdmissionRules) -> dict[str, list[dict[str, Any]]]:
    """The frontier's admission rules as the script applies them: in order, each its check,
    the key it looks at, its limit and its outcome."""
    def encoded(rule: Rule) -> dict[str, Any]:
        return {"check": rule.check, "key": RULE_KEYS[rule.of], "limit": rule.limit,
                "outcome": rule.outcome}

    return {"server": [encoded(rule) for rule in rules.server],
            "document": [encoded(rule) for rule in rules.document]}


def sync_arguments(batch: dict[str, Any], *, worker: str, renew: list[str], want: int,
                   ttl_ms: int, rules: AdmissionRules, start_urls: int = 0,
                   citations: list[str] | None = None, release: list[str] | None = None,
                   leaving: bool = False) -> str:
    """The script's one argument (JSON). Empty tables are sent as ``{}``/``[]`` as cjson reads
    them: ``pairs`` and ``ipairs`` work on both. ``rules``: the frontier's admission rules,
    applied to the links of the batch. ``release`` hands servers back (a worker over its
    share, or closing); ``leaving`` (closing) takes the worker off the live workers."""
    return json.dumps({**batch, "worker": worker, "renew": renew, "want": want, "ttl": ttl_ms,
                       "rules": rules_argument(rules), "start_urls": start_urls,
                       "citations": citations or [], "release": release or [],
                       "leaving": leaving})


def start_urls_key(prefix: str) -> str:
    return f"{prefix}:start_urls"


@dataclass(frozen=True)
class SharedSettings:
    """The settings of the shared frontier, validated (a ConfigError names the setting)."""

    redis_url: str
    prefix: str
    lease_seconds: float
    sync_seconds: float
    close_when_idle: bool
    #: a finished job under ``prefix``: deleted and crawled anew (True) or refused
    reuse_finished: bool = False

    @classmethod
    def from_settings(cls, settings: Any) -> SharedSettings:
        shared = cls(redis_url=str(settings.get("REDIS_URL") or "redis://127.0.0.1:6379/0"),
                     prefix=(read(settings, "CITESEEKER_REDIS_KEY")
                             or default_of("CITESEEKER_REDIS_KEY")),
                     lease_seconds=read(settings, "CITESEEKER_LEASE_SECONDS"),
                     sync_seconds=read(settings, "CITESEEKER_SYNC_SECONDS"),
                     close_when_idle=read(settings, "CITESEEKER_CLOSE_WHEN_IDLE"),
                     reuse_finished=read(settings, "CITESEEKER_REDIS_REUSE"))
        if shared.sync_seconds * 3 > shared.lease_seconds:
            raise ConfigError("CITESEEKER_LEASE_SECONDS must be at least 3 x CITESEEKER_SYNC_SECONDS "
                              "(a lease is renewed every sync)")
        return shared


def frontier_kind(settings: Any) -> str:
    """``local`` (memory, or SQLite in JOBDIR) or ``redis``; anything else is an error."""
    return read(settings, "CITESEEKER_FRONTIER")


class RedisFrontierClient:
    """The asyncio client of one worker (redis.asyncio: never blocks the reactor)."""

    def __init__(self, url: str, prefix: str) -> None:
        self.url = url
        self.prefix = prefix
        self.redis: Any = None
        self.script: Any = None
        self.round_trips = 0

    async def sync(self, arguments: str) -> SyncReply:
        if self.redis is None:
            from redis import asyncio as aioredis

            self.redis = aioredis.from_url(self.url, decode_responses=True)
            self.script = self.redis.register_script(SYNC_SCRIPT)
        self.round_trips += 1
        return SyncReply.parse(await self.script(keys=[self.prefix], args=[arguments]))

    async def close(self) -> None:
        if self.redis is not None:
            await self.redis.aclose()
            self.redis = None


def unreachable(url: str, timeout: float = 3.0) -> str | None:
    """Why Redis cannot be used (a message for the user), or None. Blocking: call at start only."""
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=timeout, socket_timeout=timeout)
        try:
            client.ping()
        finally:
            client.close()
    except (redis.RedisError, ValueError, OSError) as error:
        return f"Redis at {url} is unreachable (REDIS_URL): {error}"
    return None


def push_start_urls(url: str, prefix: str, urls: list[str]) -> int:
    """Append start points for running (or future) workers; returns the list's new length."""
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=3.0)
    try:
        return int(client.rpush(start_urls_key(prefix), *urls)) if urls else 0
    finally:
        client.close()
