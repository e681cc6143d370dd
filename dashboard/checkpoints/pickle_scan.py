"""What a pickle would build, measured from its opcodes before anything is unpickled.

Unpickling itself can be the attack, even with every global refused or only
torch's safe ones allowed: opcodes alone build a tuple that holds the tuple
below it twice, 60 levels deep, in under 1 KB; used as a dict key or a set
element it is hashed whole, 2**60 steps inside ``pickle.load`` (in C, holding
the interpreter lock: every session of a server froze). A safe loader may
also call what it allows with any arguments: ``bytearray(3 * 2**30)``, or
``torch.FloatTensor(4_000_000, 128)``, allocate gigabytes from a few bytes;
and a legacy ``torch.save`` file can declare a storage it never fills.

:func:`scan_pickle` walks the opcodes with ``pickletools.genops`` (the
standard library's own disassembler; nothing is constructed, imported or
called) and mirrors the pickle machine's stack, marks and memo with
placeholders, keeping only what each object holds. Then, on the finished
graph, it counts every object as often as it is reached (a container shared
twice counts twice) with its strings' bytes, and refuses the pickle when:

- the whole, or any hashed key, is over :data:`MAX_VALUES` values or
  :data:`MAX_BYTES` bytes, or nests more than :data:`MAX_DEPTH` deep
  (hashing recurses in C: a deep key crashed the process);
- it has more than :data:`MAX_OPCODES` instructions, a memo index past
  them, or anything but one object left at its end (what stays below the
  result is built but not counted);
- a key can share its hash with others (:func:`_refuse_colliding_keys`);
- it names a global of :data:`REFUSED_GLOBALS`, calls a ``torch.*Tensor``
  constructor, builds a set from a string, or encodes text with another
  codec than latin1: each allocates or works far past the file's size;
- the tensor storages it declares need more bytes than the file has.

Real checkpoints hold a few thousand values (a word-level ``meta.pkl`` of
50,000 words about 200,000). Each rule answers an attack an audit built and
ran; the scan is a deny-list of what costs more than it should, so a child
process with its own limits (as tokenizers have) would be the stronger wall.

Sources: the pickle machine as ``Lib/pickletools.py`` documents it (the
opcodes and their stack effects); ``torch/serialization.py`` (persistent ids
``('storage', storage_type, key, location, numel)``, with a sixth item, the
view, in the legacy format; its five pickles before the raw storages).
"""

from __future__ import annotations

import io
import pickletools
from typing import Any, Callable

from dashboard.errors import CheckpointReadError, UnsafeCheckpointError
from dashboard.i18n import msg

#: Most values a pickle may build, counted as often as each is reached.
MAX_VALUES = 2_000_000
#: Most instructions a pickle may have: each costs the scan time and (for the ones that build) memory, so a 200 MB
#: upload of tiny instructions is refused after seconds, not walked for minutes into gigabytes. A 256,000-word
#: ``meta.pkl`` (its ``stoi`` and ``itos``, 1,000,000 values) has 1,300,000.
MAX_OPCODES = 3_000_000
#: Most bytes of strings and bytes a pickle may build, counted as often as each is reached.
MAX_BYTES = 1 << 30
#: Callables refused whatever their arguments: they allocate what their arguments ask for.
ALLOCATORS = {("builtins", "bytearray"), ("builtins", "bytes"), ("__builtin__", "bytearray")}
#: Bytes of one element of each storage type a torch persistent id names (``torch.FloatStorage`` ...).
STORAGE_ITEM_BYTES = {"Double": 8, "Float": 4, "Half": 2, "BFloat16": 2, "Long": 8, "Int": 4, "Short": 2,
                      "Char": 1, "Byte": 1, "Bool": 1, "Untyped": 1, "ComplexFloat": 8, "ComplexDouble": 16,
                      "QInt32": 4, "QInt8": 1, "QUInt8": 1}
#: Deepest nesting of what a pickle builds, counted on the scan's graph (a tensor is a few levels: its rebuild call,
#: arguments and storage id; real checkpoints reach about 10), so that no later walk of it meets Python's recursion
#: limit.
MAX_DEPTH = 64
#: Longest string or integer literal kept as a value (module and class names, storage keys, element counts).
_KEPT = 256
_LEAVES = {"INT", "BININT", "BININT1", "BININT2", "LONG", "LONG1", "LONG4", "FLOAT", "BINFLOAT", "NONE", "NEWTRUE",
           "NEWFALSE", "STRING", "BINSTRING", "SHORT_BINSTRING", "UNICODE", "SHORT_BINUNICODE", "BINUNICODE",
           "BINUNICODE8", "BINBYTES", "SHORT_BINBYTES", "BINBYTES8", "BYTEARRAY8"}
#: Calls that hash what their arguments hold (a set's elements, a dict's keys from pairs or a mapping).
_HASHED_BY = {(module, name) for module in ("builtins", "__builtin__") for name in ("set", "frozenset", "dict")} | {
    ("collections", name) for name in ("OrderedDict", "Counter", "defaultdict")}
#: Calls whose argument must be a list or tuple: ``set("...")`` builds a set of a string's characters, a million
#: distinct ones (4 MB) counted as one value (audit: 20 such calls took 2.6 GB).
_ITERATED_BY = {(module, name) for module in ("builtins", "__builtin__") for name in ("set", "frozenset")}
#: The codecs ``_codecs.encode`` may be called with: protocol 2 pickles bytes as ``encode(text, "latin1")``;
#: another codec can be slow (punycode: 148 kB took a minute) or multiply the text (unicode_escape, tenfold).
_PICKLE_CODECS = {"latin1", "latin-1"}
#: Globals refused wherever they appear, called or passed: they allocate what their arguments ask for, also
#: through a function that calls what it is given (``torch._utils._rebuild_from_type_v2(bytearray, ...)``), or
#: copy a broadcast view of a few bytes into gigabytes (``_rebuild_device_tensor_from_cpu_tensor``; a checkpoint
#: saved on a GPU names its device in the storage's persistent id instead).
REFUSED_GLOBALS = ALLOCATORS | {("torch._utils", "_rebuild_device_tensor_from_cpu_tensor")}
#: Largest integer a key may hold, in absolute value. Python hashes an integer modulo 2**61 - 1, so keys past it can
#: share a hash, and a dict of keys sharing one takes quadratic time (1.3 MB held the server past a minute); a
#: tuple's hash can be solved for its last item, so ``(a, b)`` keys with items below 2**61 collided too (40,000 of
#: them: 16 s in C). Below 2**32 a solved item almost never falls; token ids and layer indices are far smaller.
#: A float key is refused for the same reason (audits).
_KEY_INT_LIMIT = 2**32
#: The call nodes' marker (a container's value is ``None``).
_CALL = "call"


class _Node:
    """A placeholder for one object the pickle builds: what it holds, not what it is. A leaf (a number, a string,
    a name) shares one empty tuple of children; a container has its own list."""

    __slots__ = ("children", "weight", "value")

    def __init__(self, children: list | tuple = (), weight: int = 0, value: Any = None):
        self.children = children
        self.weight = weight
        self.value = value


class _Refused(Exception):
    """Internal: the scan found a reason to refuse (its message key, then its fields)."""

    def __init__(self, key: str, **fields: Any):
        super().__init__(key)
        self.key, self.fields = key, fields


def _leaf(arg: Any) -> _Node:
    if isinstance(arg, (str, bytes, bytearray)):
        return _Node(weight=len(arg), value=arg if len(arg) <= _KEPT else None)
    if isinstance(arg, int) and arg.bit_length() > 8 * _KEPT:
        raise _Refused("err.ckpt.pickle_scan_number")
    return _Node(weight=8, value=arg)


def _global(module: Any, name: Any) -> _Node:
    return _Node(value=(str(module), str(name)))


class _Machine:
    """The pickle machine's stack, marks and memo, over placeholders."""

    def __init__(self) -> None:
        self.stack: list[_Node] = []
        self.marks: list[int] = []
        self.memo: dict[Any, _Node] = {}
        self.hashed: list[_Node] = []
        self.persistent: list[_Node] = []
        self.calls: list[tuple[str, str]] = []
        self.globals: set[tuple[str, str]] = set()

    def _pop_mark(self) -> list[_Node]:
        start = self.marks.pop()
        items = self.stack[start:]
        del self.stack[start:]
        return items

    def _call(self, func: _Node, args: list[_Node]) -> _Node:
        if not isinstance(func.value, tuple):
            raise _Refused("err.ckpt.pickle_scan_malformed")
        self.calls.append(func.value)
        if func.value in _HASHED_BY:
            self.hashed.extend(args)
        arguments = args[0].children if len(args) == 1 else args
        if func.value in _ITERATED_BY and arguments and type(arguments[0].children) is tuple:  # a leaf: set("text")
            raise _Refused("err.ckpt.pickle_scan_call", call=".".join(func.value))
        if func.value == ("_codecs", "encode") and (len(arguments) != 2 or arguments[1].value not in _PICKLE_CODECS):
            raise _Refused("err.ckpt.pickle_scan_call", call="_codecs.encode")
        return _Node(children=[func, *args], value=_CALL)

    def _step(self, name: str, arg: Any) -> None:  # noqa: C901 - one branch per opcode family, as pickletools lists them
        stack = self.stack
        if name in _LEAVES:
            stack.append(_leaf(arg))
        elif name == "MARK":
            self.marks.append(len(stack))
        elif name in ("PROTO", "FRAME", "STOP"):
            pass
        elif name == "POP":
            if self.marks and self.marks[-1] == len(stack):  # C's pickle pops a mark that is on top (a MARK POP)
                self.marks.pop()
            else:
                stack.pop()
        elif name == "POP_MARK":
            self._pop_mark()
        elif name == "DUP":
            stack.append(stack[-1])
        elif name in ("PUT", "BINPUT", "LONG_BINPUT"):
            if not 0 <= int(arg) <= MAX_OPCODES:  # C's pickle grows its memo array to twice the index
                raise _Refused("err.ckpt.pickle_scan_malformed")
            self.memo[arg] = stack[-1]
        elif name == "MEMOIZE":
            self.memo[len(self.memo)] = stack[-1]
        elif name in ("GET", "BINGET", "LONG_BINGET"):
            stack.append(self.memo[arg])
        elif name in ("EMPTY_LIST", "EMPTY_DICT", "EMPTY_TUPLE", "EMPTY_SET"):
            stack.append(_Node(children=[]))
        elif name in ("LIST", "TUPLE", "DICT", "FROZENSET"):
            items = self._pop_mark()
            if name in ("DICT", "FROZENSET"):
                self.hashed.extend(items[0::2] if name == "DICT" else items)
            stack.append(_Node(children=items))
        elif name in ("TUPLE1", "TUPLE2", "TUPLE3"):
            count = int(name[-1])
            items = stack[-count:]
            del stack[-count:]
            stack.append(_Node(children=items))
        elif name == "APPEND":
            item = stack.pop()
            stack[-1].children.append(item)
        elif name in ("APPENDS", "ADDITEMS"):
            items = self._pop_mark()
            if name == "ADDITEMS":
                self.hashed.extend(items)
            stack[-1].children.extend(items)
        elif name == "SETITEM":
            value, key = stack.pop(), stack.pop()
            self.hashed.append(key)
            stack[-1].children.extend((key, value))
        elif name == "SETITEMS":
            items = self._pop_mark()
            self.hashed.extend(items[0::2])
            stack[-1].children.extend(items)
        elif name in ("GLOBAL", "INST"):
            module, _, qualified = str(arg).partition(" ")
            node = _global(module, qualified)
            self.globals.add(node.value)
            if name == "INST":
                stack.append(self._call(node, self._pop_mark()))
            else:
                stack.append(node)
        elif name == "STACK_GLOBAL":
            qualified, module = stack.pop(), stack.pop()
            node = _global(module.value, qualified.value)
            self.globals.add(node.value)
            stack.append(node)
        elif name in ("REDUCE", "NEWOBJ"):
            args = stack.pop()
            stack.append(self._call(stack.pop(), [args]))
        elif name == "NEWOBJ_EX":
            kwargs, args = stack.pop(), stack.pop()
            stack.append(self._call(stack.pop(), [args, kwargs]))
        elif name == "OBJ":
            items = self._pop_mark()
            stack.append(self._call(items[0], items[1:]))
        elif name == "BUILD":
            state = stack.pop()
            stack[-1].children.append(state)
        elif name == "BINPERSID":
            pid = stack.pop()
            self.persistent.append(pid)
            stack.append(_Node(children=[pid]))
        elif name == "PERSID":
            stack.append(_leaf(arg))
        else:  # EXT1/2/4 (the extension registry), NEXT_BUFFER, READONLY_BUFFER (out-of-band data), or unknown
            raise _Refused("err.ckpt.pickle_scan_opcode")


def _totals(roots: list[_Node], limit_values: int, limit_bytes: int,
            limit_depth: int = MAX_DEPTH) -> Callable[[_Node], tuple[int, int, int]]:
    """Values, bytes and depth of every node reachable from ``roots``, values and bytes counted as often as each is
    reached (all capped just past the limits, so that the numbers stay small); computed once per container,
    children first, without recursion. A leaf's are its own (1 value, its bytes, depth 1): most nodes are leaves,
    and keeping totals for them tripled the scan's memory.

    Returns:
        The lookup from a reachable node to its ``(values, bytes, depth)``.

    Raises:
        _Refused: a cycle (a container holding itself: no checkpoint does).
    """
    done: dict[int, tuple[int, int, int]] = {}

    def total(node: _Node) -> tuple[int, int, int]:
        return done[id(node)] if node.children else (1, node.weight, 1)

    open_: set[int] = set()
    pending: list[tuple[_Node, bool]] = [(root, False) for root in roots if root.children]
    while pending:
        node, children_done = pending.pop()
        key = id(node)
        if key in done:
            continue
        if children_done:
            values, size, depth = 1, node.weight, 0
            for child in node.children:
                child_values, child_bytes, child_depth = total(child)
                values, size = min(values + child_values, limit_values + 1), min(size + child_bytes, limit_bytes + 1)
                depth = max(depth, child_depth)
            done[key] = (values, size, min(depth + 1, limit_depth + 1))
            open_.discard(key)
            continue
        if key in open_:
            raise _Refused("err.ckpt.pickle_scan_cycle")
        open_.add(key)
        pending.append((node, True))
        pending.extend((child, False) for child in node.children if child.children and id(child) not in done)
    return total


def _refuse_colliding_keys(keys: list[_Node]) -> None:
    """Refuse keys that can share a hash: an integer of :data:`_KEY_INT_LIMIT` or more, a float, or an object a
    call builds (a frozenset's hash mixes its elements'), anywhere inside a key (a tuple hashes its items).

    Raises:
        _Refused: such a key.
    """
    seen: set[int] = set()
    pending = list(keys)
    while pending:
        node = pending.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        value = node.value
        if value is _CALL or isinstance(value, float) or (
                isinstance(value, int) and not isinstance(value, bool) and abs(value) >= _KEY_INT_LIMIT):
            raise _Refused("err.ckpt.pickle_scan_keys")
        pending.extend(node.children)


def _storage_bytes(persistent: list[_Node]) -> int:
    """Bytes the torch storages named by persistent ids need: ``numel`` x element size, each key once."""
    needed: dict[Any, int] = {}
    for pid in persistent:
        parts = [child.value for child in pid.children]
        if len(parts) not in (5, 6) or parts[0] != "storage" or not isinstance(parts[4], int):  # zip; legacy
            continue
        storage_type = parts[1][1] if isinstance(parts[1], tuple) else ""
        item = STORAGE_ITEM_BYTES.get(str(storage_type).removesuffix("Storage"), 1)
        key = parts[2] if parts[2] is not None else id(pid.children[2])  # a key too long to keep: its node
        needed[key] = max(needed.get(key, 0), parts[4] * item)
    return sum(needed.values())


def scan_pickle(stream: io.BufferedIOBase | io.BytesIO, origin: str, *, available_bytes: int | None = None,
                limit_values: int = MAX_VALUES, limit_bytes: int = MAX_BYTES, limit_opcodes: int = MAX_OPCODES) -> int:
    """Read one pickle's opcodes from ``stream`` (up to its STOP) and refuse it if what it builds is a bomb.

    Args:
        stream: positioned at the pickle; left after its STOP.
        origin: the file as messages name it.
        available_bytes: bytes the file holds for tensor storages (``None``: do not check storages).
        limit_values, limit_bytes, limit_opcodes: :data:`MAX_VALUES`, :data:`MAX_BYTES`, :data:`MAX_OPCODES`.

    Returns:
        The bytes of tensor storage the pickle declares (0 for none).

    Raises:
        UnsafeCheckpointError: it builds more than ``limit_values`` values or ``limit_bytes`` bytes, shared
            references followed (also for any one dict key or set element, which unpickling hashes whole); calls
            an allocator; declares more tensor storage than ``available_bytes``; nests a container in itself; or
            uses out-of-band buffers or the extension registry; nests more than :data:`MAX_DEPTH` deep; or has more
            than ``limit_opcodes`` instructions. Nothing was unpickled.
        CheckpointReadError: the stream is no pickle, or is cut short (a damaged file).
    """
    machine = _Machine()
    try:
        for count, (opcode, arg, _) in enumerate(pickletools.genops(stream)):
            if count >= limit_opcodes:
                raise UnsafeCheckpointError(msg("err.ckpt.pickle_scan_too_long", origin=origin, opcodes=limit_opcodes))
            machine._step(opcode.name, arg)
            if opcode.name == "STOP":
                break
        if len(machine.stack) != 1 or machine.marks:  # what is left below the result is built, never counted
            raise _Refused("err.ckpt.pickle_scan_malformed")
        refused = sorted(f"{m}.{n}" for m, n in machine.globals & REFUSED_GLOBALS)
        refused += sorted({f"{m}.{n}" for m, n in machine.calls if m.startswith("torch") and n.endswith("Tensor")})
        if refused:
            raise UnsafeCheckpointError(msg("err.ckpt.pickle_scan_allocator", origin=origin, calls=", ".join(refused)))
        total = _totals([machine.stack[-1], *machine.hashed], limit_values, limit_bytes)
        values, size, depth = total(machine.stack[-1])
        # a key is hashed by C code that recurses without a limit: a key 1,000,000 tuples deep (a 1 MB pickle,
        # one byte a level) crashed the server with a segmentation fault, even a key no returned object holds
        if max([depth, *(total(key)[2] for key in machine.hashed)]) > MAX_DEPTH:
            raise UnsafeCheckpointError(msg("err.ckpt.pickle_scan_too_deep", origin=origin, limit=MAX_DEPTH))
        hashing = sum(total(key)[0] for key in machine.hashed)  # every key is hashed whole, each time it is used
        _refuse_colliding_keys(machine.hashed)
        if values > limit_values or size > limit_bytes or hashing > limit_values:
            raise UnsafeCheckpointError(msg("err.ckpt.pickle_scan_too_big", origin=origin, values=limit_values,
                                            size_mb=limit_bytes >> 20))
        declared = _storage_bytes(machine.persistent)
    except _Refused as refused:
        raise UnsafeCheckpointError(msg(refused.key, origin=origin, **refused.fields)) from None
    except (ValueError, KeyError, IndexError, AttributeError, TypeError) as error:  # a damaged or crafted stream
        raise CheckpointReadError(msg("err.ckpt.pickle_scan_unreadable", origin=origin,
                                      reason=f"{type(error).__name__}: {str(error)[:120]}")) from None
    if available_bytes is not None and declared > available_bytes:
        raise UnsafeCheckpointError(msg("err.ckpt.pickle_scan_storage", origin=origin, declared=declared,
                                        available=available_bytes))
    return declared
