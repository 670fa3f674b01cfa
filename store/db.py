"""Engine creation (SQLite in WAL mode or PostgreSQL) and Alembic migrations applied at start."""

from __future__ import annotations

import fcntl
import functools
import logging
import os
import re
import sqlite3
import threading
import weakref
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import datetime
from operator import itemgetter
from pathlib import Path
from typing import Any, ClassVar, cast

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError
from sqlalchemy import Connection, Engine, bindparam, create_engine, event, make_url, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import ArgumentError, DatabaseError, PendingRollbackError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import QueuePool

from store.config import ConfigError, denied, kind_of

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
log = logging.getLogger(__name__)


# Connections per process: the reply workers (SESHAT_WORKER_THREADS), the listeners and the
# reflection workers each hold one briefly; a pool of 5 + 10 made a third of them wait.
POOL: dict[str, Any] = {"pool_size": 20, "max_overflow": 40, "pool_timeout": 60}
# SQLite connections are cheap to keep and costly to open (pragmas, functions): the overflow of
# the pool above was opened and closed again for every burst (~11% of the daemon's CPU under
# load), so a local file keeps them all.
SQLITE_POOL: dict[str, Any] = {"pool_size": 60, "max_overflow": 20, "pool_timeout": 60}


_DML = ("INSERT", "UPDATE", "DELETE", "REPLACE")

# pysqlite (3.11) binds a str, an int or a float as it is, but a None only after looking it up
# in its adapters and then for `__adapt__` and `__conform__` (~1.2 µs, ~3 K instructions, a
# None: several a message, e.g. the session's unset columns). None's own adapter, a C call
# that gives None back (an empty dict's `get`), binds the same NULL straight away.
sqlite3.register_adapter(type(None), cast("Callable[[None], None]", {}.get))
# The file beside a SQLite database that its writers lock across processes (empty).
WRITER_LOCK_SUFFIX = ".writer-lock"


def insert_ignore(db: Session | Connection, entity: type[Any], rows: list[dict[str, Any]]) -> int:
    """Insert `rows`, skipping any that collide with a unique key; how many were inserted.

    One statement per row (`INSERT … ON CONFLICT DO NOTHING RETURNING` on SQLite and PostgreSQL,
    built once per table) instead of an ORM flush in a savepoint: the intake path
    runs this before every ack.
    """
    return len(insert_ignore_keys(db, entity, rows))


def insert_ignore_keys(
    db: Session | Connection, entity: type[Any], rows: list[dict[str, Any]]
) -> list[Any]:
    """`insert_ignore`, returning the primary key of each row inserted (not of those skipped).
    On a Connection (the hot path: no ORM session around the statement) as on a Session."""
    statement = _insert_ignore(dialect_of(db), entity.__table__)
    return [key for row in rows for (key, *_) in db.execute(statement, row).all()]


class Prepared:
    """A Core statement compiled once per dialect and run on the driver's cursor, for the
    statements every message runs.

    `Connection.execute` of a Core statement looks its compiled form up again and sets up
    SQLAlchemy's execution context and typed result at every call (~0.28 M instructions a
    statement, `docs/notes/27-hot13-ctx.md`; `exec_driver_sql` still sets up a context and a
    result whose columns it reads from the cursor at every call). This keeps the SQL text, the
    order of its parameters and their types' bind processors (SQLite's datetimes as text,
    booleans as integers), and its columns' result processors; it hands the driver the
    processed values on a cursor of the connection's own driver connection, in its open
    transaction, and reads the rows back as `Connection.execute` would give them. What stays
    as SQLAlchemy does it:

    - the engine's `before_cursor_execute` and `after_cursor_execute` events fire around the
      statement (the SQLite writer lock, the statement counters), with no execution context
      (None: the project's listeners do not read it);
    - a driver error is raised as SQLAlchemy raises it (`sqlalchemy.exc.DBAPIError`'s kinds,
      a lost connection invalidated), by the connection's own handling;
    - on an ORM session, pending objects are flushed first (unless autoflush is off), as
      `Session.execute` does;
    - a connection with no transaction open begins one, as `Connection.execute` does; one
      whose transaction failed, or that was invalidated, runs the statement through
      `Connection.exec_driver_sql`, which refuses or reconnects as usual.

    `run` gives the driver's rows as they are (for statements that return strings and
    integers, or nothing); `rows` applies the columns' result processors."""

    __slots__ = ("statement", "_by_dialect", "_last")

    # How many times any prepared statement was compiled in this process (for the tests that
    # check that the warm-up leaves a first message nothing to compile).
    compiles: ClassVar[int] = 0

    def __init__(self, statement: Any) -> None:
        self.statement = statement
        # By the engine's dialect (each engine's own, as SQLAlchemy's compiled cache is).
        self._by_dialect: weakref.WeakKeyDictionary[Any, _Compiled] = weakref.WeakKeyDictionary()
        # The dialect last run on and its form (a process has one engine, so nearly always it).
        self._last: tuple[Any, _Compiled | None] = (None, None)

    def run(self, db: Session | Connection, params: dict[str, Any]) -> list[Any]:
        """Execute with `params` (its bind parameters by name): the driver's rows."""
        return self._execute(db, params)[1]

    def changed(self, db: Session | Connection, params: dict[str, Any]) -> tuple[int, Any]:
        """Execute a statement that returns no rows with `params`: how many rows it changed
        (the driver's `rowcount`) and the driver's `lastrowid` (SQLite: the rowid of the last
        row inserted on the connection, this statement's only when it inserted one). On
        SQLite an INSERT without RETURNING: with it, SQLite first writes the rows returned to
        a temporary b-tree (~50 K instructions a statement, counted alone)."""
        return self._execute(db, params)[3]

    def rows(self, db: Session | Connection, params: dict[str, Any]) -> list[tuple[Any, ...]]:
        """Execute with `params`: its rows (a SELECT's, or a RETURNING's), each column's value
        as `Connection.execute` gives it (the types' result processors applied: SQLite's
        datetimes read from their text, its binaries as bytes), read by position."""
        compiled, got, description, _changed = self._execute(db, params)
        if not got:
            return []
        processors = compiled.result_processors(db, description)
        if not processors:
            return [tuple(row) for row in got]
        out = []
        for row in got:
            values = list(row)
            for n, process in processors:
                values[n] = process(values[n])
            out.append(tuple(values))
        return out

    def _execute(
        self, db: Session | Connection, params: dict[str, Any]
    ) -> tuple[_Compiled, list[Any], Any, tuple[int, Any]]:
        if isinstance(db, Session) and db.autoflush:
            db.flush()  # as `Session.execute` autoflushes: the statement sees pending objects
        conn = db if isinstance(db, Connection) else db.connection()
        dialect = conn.dialect
        last, compiled = self._last
        if last is not dialect or compiled is None:
            compiled = self._by_dialect.get(dialect)
            if compiled is None:
                compiled = self._by_dialect[dialect] = _Compiled(self.statement, conn)
                Prepared.compiles += 1
            self._last = (dialect, compiled)
        sql, parameters = compiled.sql, compiled.parameters(params)
        transaction = conn.get_transaction()
        driver = _BARE.get(conn) if transaction is None else None
        if driver is not None and not conn.invalidated:
            # The hot path's write on SQLite (`Writers`): the driver's transaction, which
            # `Writers` ends; no SQLAlchemy `Transaction` to begin.
            return compiled, *self._on_cursor(conn, sql, parameters, driver)
        if transaction is None and not conn.invalidated:
            # As `Connection.execute` begins one (autobegin): the commit or rollback ends it.
            transaction = conn.begin()
        nested = conn.get_nested_transaction()
        if (
            transaction is None
            or not transaction.is_active
            or (nested is not None and not nested.is_active)
            or conn.invalidated
        ):
            result = conn.exec_driver_sql(sql, parameters)
            if not result.returns_rows:
                return compiled, [], None, (result.rowcount, result.lastrowid)
            description = result.cursor.description  # gone once the rows are read
            return compiled, list(result.all()), description, (-1, None)
        return compiled, *self._on_cursor(conn, sql, parameters)

    @staticmethod
    def _on_cursor(
        conn: Connection, sql: str, parameters: Any, driver: Any = None
    ) -> tuple[list[Any], Any, tuple[int, Any]]:
        """Run on a cursor of the connection's driver connection (`driver`: a hot write's,
        `Writers`, whose connection is its own while it lasts): its rows and description,
        and its (rowcount, lastrowid)."""
        got: list[Any]
        bare = driver is not None
        # The driver's cursor, as the pool's connection wrapper gives it (`cursor()` there
        # reads its `dbapi_connection` at each call: ~1 µs more a statement).
        cursor = driver.cursor() if bare else conn.connection.cursor()
        try:
            for before in conn.dispatch.before_cursor_execute:
                sql, parameters = before(conn, cursor, sql, parameters, None, False)
            cursor.execute(sql, parameters)
            after = conn.dispatch.after_cursor_execute
            if after:  # called only with a listener (none in a daemon: ~1 µs a statement)
                after(conn, cursor, sql, parameters, None, False)
            description = cursor.description
            got = list(cursor.fetchall()) if description is not None else []
            # psycopg's cursors have no `lastrowid` (a `getattr` default would raise and catch
            # an AttributeError at every statement there).
            rowid = cursor.lastrowid if isinstance(cursor, sqlite3.Cursor) else None
            changed = (cursor.rowcount, rowid)
        except BaseException as exc:
            if bare and conn.get_transaction() is None and not conn.invalidated:
                # SQLAlchemy rolls back a connection outside any `Transaction` of its own when
                # a statement fails ("autorollback"): begun first, so that a failed statement
                # undoes only itself, as in any transaction (the caller may go on), and
                # `Writers` ends it.
                conn.begin()
            # As `Connection.execute` handles it: wrapped, a lost connection invalidated.
            conn._handle_dbapi_exception(exc, sql, parameters, cursor, None)
        finally:
            cursor.close()
        return got, description, changed


# A column's type code in a cursor's description.
_TYPE_CODE = itemgetter(1)


class _Compiled:
    """A `Prepared` statement for one dialect: its SQL, its parameters' order (a positional
    paramstyle), their bind processors, and its columns' result processors (by the driver's
    type codes of the columns, as SQLAlchemy chooses them)."""

    __slots__ = (
        "sql",
        "_compiled",
        "_order",
        "_processors",
        "_types",
        "_results",
        "_given",
        "_defaults",
        "_pick",
    )

    def __init__(self, statement: Any, conn: Connection) -> None:
        dialect = conn.dialect
        compiled = statement.compile(dialect=dialect)
        if compiled.escaped_bind_names:
            raise ValueError("a prepared statement's parameter names must need no escaping")
        if getattr(compiled, "insert_prefetch", None) or getattr(compiled, "update_prefetch", None):
            # SQLAlchemy's execution computes these columns' Python defaults; the driver would
            # get NULL for them.
            raise ValueError("a prepared statement must give every column that has a default")
        self.sql: str = compiled.string
        self._compiled = compiled
        self._order: tuple[str, ...] | None = (
            tuple(compiled.positiontup) if compiled.positional else None
        )
        processors = {}  # by name: a parameter used twice is processed once
        given: set[str] = set()  # the parameters a call must give (`bindparam("name")`)
        defaults: dict[str, Any] = {}  # the others' own values (`literal(…)`, `.values(x=1)`)
        for bind, name in compiled.bind_names.items():
            impl = bind.type.dialect_impl(dialect)
            process = _bind_processor(impl, dialect)
            if process is not None:
                processors[name] = process
            if bind.callable is not None or (bind.required and bind.key != name):
                # A value computed at each execution, or a name SQLAlchemy changed: its
                # `construct_params` decides these (none of the hot statements has one).
                given = defaults = None  # type: ignore[assignment]
                break
            if bind.required:
                given.add(name)
            else:
                defaults[name] = bind.value
        if compiled.literal_execute_params or compiled.post_compile_params:
            given = defaults = None  # type: ignore[assignment]
        self._processors: tuple[tuple[str, Any], ...] = tuple(processors.items())
        self._given: frozenset[str] | None = None if given is None else frozenset(given)
        # Processed once: a value of the statement's own is the same at every call.
        self._defaults: dict[str, Any] | None = None
        if defaults is not None:
            self._defaults = {
                name: value if value is None or name not in processors else processors[name](value)
                for name, value in defaults.items()
            }
        # The types of the columns it returns (a SELECT's, or a RETURNING's), in order.
        returned = getattr(statement, "exported_columns", ())
        self._types: tuple[Any, ...] = tuple(c.type for c in returned)
        self._results: dict[tuple[Any, ...], tuple[tuple[int, Any], ...]] = {}
        # A positional paramstyle's (SQLite's) values in order, taken from the values by name
        # in one C call (`itemgetter`, a tuple for two names or more).
        self._pick: Callable[[dict[str, Any]], tuple[Any, ...]] | None = None
        order = self._order
        if order is not None and self._defaults is not None:
            if len(order) > 1:
                self._pick = itemgetter(*order)
            elif order:
                self._pick = lambda values, _name=order[0]: (values[_name],)
            else:
                self._pick = lambda _values: ()

    def result_processors(
        self, db: Session | Connection, description: Any
    ) -> tuple[tuple[int, Any], ...]:
        """The (position, processor) of each returned column that has one, for the driver's
        type codes in `description` (the same codes give the same processors: kept)."""
        codes = tuple(map(_TYPE_CODE, description))
        got = self._results.get(codes)
        if got is None:
            if len(codes) != len(self._types):
                raise ValueError("a prepared statement returned other columns than it names")
            dialect = db.dialect if isinstance(db, Connection) else db.get_bind().dialect
            found = []
            for n, (type_, code) in enumerate(zip(self._types, codes, strict=True)):
                process = type_.dialect_impl(dialect).result_processor(dialect, code)
                if process is not None:
                    found.append((n, process))
            got = self._results[codes] = tuple(found)
        return got

    def parameters(self, params: dict[str, Any]) -> Any:
        """The driver's parameters for a call's `params` (by name), as `construct_params`
        and the bind processors make them: each name's value from `params`, else the
        statement's own, processed (None is not)."""
        defaults, pick = self._defaults, self._pick
        if pick is not None and defaults is not None:
            # Every name is the call's or the statement's own: a required one missing is a
            # KeyError, and SQLAlchemy's `construct_params` raises its own error for it.
            values = {**defaults, **params}
            for name, process in self._processors:
                if name in params and (value := params[name]) is not None:
                    values[name] = process(value)
            try:
                return pick(values)
            except KeyError:
                return self._constructed(params)
        given = self._given
        if defaults is None or given is None or not params.keys() >= given:
            return self._constructed(params)  # raises SQLAlchemy's error for a missing one
        values = {**defaults, **params}
        for name, process in self._processors:
            if name in params:
                value = values[name]
                if value is not None:
                    values[name] = process(value)
        if self._order is None:
            return {name: values[name] for name in self._compiled.binds if name in values}
        return tuple([values[name] for name in self._order])

    def _constructed(self, params: dict[str, Any]) -> Any:
        values = self._compiled.construct_params(params)
        for name, process in self._processors:
            value = values[name]
            if value is not None:
                values[name] = process(value)
        if self._order is None:
            return values
        return tuple([values[name] for name in self._order])


# The last datetime SQLite's processor wrote and its text (replaced whole: threads share it).
_LAST_TEXT: list[tuple[Any, str]] = [(None, "")]


def _bind_processor(impl: Any, dialect: Any) -> Any:
    """The type's bind processor for `dialect`; for SQLite's DATETIME in its default storage
    format, one that writes the same text by `datetime.isoformat` (C) instead of the
    processor's `%` formatting of seven fields (a few µs per value, several values a
    message); dates and anything but a `datetime` go through SQLAlchemy's own."""
    process = impl.bind_processor(dialect)
    if (
        process is None
        or type(impl) is not sqlite.DATETIME
        or impl._storage_format != sqlite.DATETIME._storage_format
    ):
        return process

    def sqlite_datetime(
        value: Any, _original: Any = process, _datetime: Any = datetime, _last: Any = _LAST_TEXT
    ) -> Any:
        if type(value) is _datetime:
            last = _last[0]
            if last[0] is value:
                # The same object as the last one written (an intake writes its `now` in
                # four columns): its text again. Held here, it cannot be another object.
                return last[1]
            # "YYYY-MM-DD HH:MM:SS.ffffff" (the year always 4 digits), and any UTC offset
            # left out as SQLAlchemy leaves it out.
            text = value.isoformat(" ", "microseconds")[:26]
            _last[0] = (value, text)
            return text
        return _original(value)

    return sqlite_datetime


def dialect_of(db: Session | Connection) -> str:
    """ "sqlite" or "postgresql", for a Session or a Connection."""
    return db.dialect.name if isinstance(db, Connection) else db.get_bind().dialect.name


def insert_ignore_statement(db: Session | Connection, table: Any) -> Any:
    """The `INSERT … ON CONFLICT DO NOTHING RETURNING <primary key>` of `table`, built once per
    dialect; executed with a list of rows it is one statement (SQLAlchemy's insertmanyvalues)."""
    return _insert_ignore(dialect_of(db), table)


@functools.lru_cache(maxsize=64)
def _insert_ignore(dialect: str, table: Any) -> Any:
    insert = sqlite.insert if dialect == "sqlite" else postgresql.insert
    # RETURNING, not rowcount: SQLAlchemy reports -1 for these on psycopg.
    return insert(table).on_conflict_do_nothing().returning(*table.primary_key.columns)


def record_uses_statement(db: Session | Connection, uses: Any, key: str, items: Any) -> Any:
    """`INSERT INTO uses (session_id, <key>, at) SELECT :session_id, items.id, :at FROM items
    WHERE items.id IN :ids ON CONFLICT DO NOTHING RETURNING uses.<key>`, built once per dialect:
    what a session used, recorded only for items that still exist (one forgotten in between is
    not) and once per session (the unique key). Executed with `session_id`, `at` and `ids`."""
    return _record_uses(dialect_of(db), uses, key, items)


@functools.lru_cache(maxsize=16)
def _record_uses(dialect: str, uses: Any, key: str, items: Any) -> Any:
    insert = sqlite.insert if dialect == "sqlite" else postgresql.insert
    existing = select(
        bindparam("session_id", type_=uses.c.session_id.type),
        items.c.id,
        bindparam("at", type_=uses.c.at.type),
    ).where(items.c.id.in_(bindparam("ids", expanding=True)))
    return (
        insert(uses)
        .from_select(["session_id", key, "at"], existing)
        .on_conflict_do_nothing()
        .returning(uses.c[key])
    )


class _FileLock:
    """An exclusive `flock` on a file beside the database: the writer lock across processes
    (`seshat run --workers N`, the CLI beside the daemon). The kernel wakes a waiter as soon as
    the holder lets go, where SQLite's own busy handler polls with sleeps of up to 100 ms.
    Taken by one thread at a time (the per-process lock is held around it)."""

    def __init__(self, path: Path) -> None:
        self._path = path
        self._fd: int | None = None  # opened at the first write

    def acquire(self) -> None:
        if self._fd is None:
            self._fd = os.open(self._path, os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(self._fd, fcntl.LOCK_EX)

    def release(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)

    def close(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)


def _serialise_writers(engine: Engine, lock_file: Path | None = None) -> None:
    """One SQLite write transaction at a time per process, queued on a Python lock, and with
    `lock_file` one at a time across processes, queued on a file lock (`Writers`).

    SQLite allows one writer; a second one waiting on the file lock polls with sleeps that grow
    to 100 ms, which under load made the slowest intakes (and so Slack's acks) wait ~200 ms for a
    lock held for 2. A transaction takes the lock at its first write statement and gives it back
    at commit or rollback (or when its connection goes back to the pool), so writers queue and
    wake at once. Reads never take it (WAL lets them run beside the writer). The hot path's
    write transactions (`Store.write`) take it before they start, on a connection of their own.
    """
    writers = Writers(engine, lock_file)
    engine.info_seshat_writers = writers  # type: ignore[attr-defined]  # read by Store

    def release(info: dict[str, Any]) -> None:
        if info.pop("seshat_writing", False):
            writers.give()

    # `retval`: it gives the statement and parameters back itself, so SQLAlchemy calls it as
    # it is rather than through a wrapper that returns them (a Python call fewer a statement).
    @event.listens_for(engine, "before_cursor_execute", retval=True)
    def _take(
        conn: Any, _cursor: Any, statement: str, parameters: Any, *_args: Any
    ) -> tuple[str, Any]:
        if (
            conn is not writers.held  # its transaction took the lock before it began
            and not conn.info.get("seshat_writing")
            and statement.lstrip()[:7].upper().startswith(_DML)
        ):
            writers.take()
            conn.info["seshat_writing"] = True
        return statement, parameters

    # An invalidated connection (a lost one) has no info to read (reading it raises); its
    # record went back to the pool when it was invalidated, and the checkin gave the lock back.
    # The held connection never takes the lock at a statement (`_take`): nothing to give back.
    @event.listens_for(engine, "commit")
    def _committed(conn: Any) -> None:
        if conn is not writers.held and not conn.invalidated:
            release(conn.info)

    @event.listens_for(engine, "rollback")
    def _rolled_back(conn: Any) -> None:
        if conn is not writers.held and not conn.invalidated:
            release(conn.info)

    @event.listens_for(engine.pool, "checkin")
    def _returned(_dbapi_conn: Any, record: Any) -> None:
        if record is not None:
            release(record.info)


# The connections in a hot write of `Writers` (the driver's transaction, no SQLAlchemy
# `Transaction`), each with its driver connection (read once a write): `Prepared` runs its
# statements there on that connection's cursor, without beginning a transaction.
_BARE: dict[Connection, Any] = {}


class Writers:
    """SQLite's writer lock (this process's, and with a lock file the one across processes), and
    the connection the hot path writes on (`Store.write`).

    `with writers as conn:` takes the lock, then writes on the held connection (opened once,
    kept checked out of the pool), and at the end commits (or rolls back on an exception) and
    gives the lock back. Against `engine.begin()` (~0.21 M instructions an empty transaction,
    `docs/notes/27-hot15-pool.md`) this leaves out what the pool does at every checkout and
    checkin: its queue, the connection's wrappers, the checkin events, and the reset on return
    (a rollback, which has nothing to undo once the transaction is known to have ended; a
    connection whose transaction did not end, or that was invalidated, goes back to the pool
    instead, whose reset handles it, and the next transaction opens another).

    The transaction is the driver's own, with no SQLAlchemy `Transaction` (its begin and
    commit were ~20 K instructions of an empty hot write's ~64 K, `docs/notes/27-hot16-sql.md`):
    pysqlite begins it at the first write statement, as it does under SQLAlchemy (whose
    `do_begin` does nothing on SQLite); `Prepared` statements run in it as they are (the
    connection is in `_BARE`); the `begin` and `commit` (or `rollback`) events fire as
    SQLAlchemy fires them. A statement run through `Connection.execute` begins SQLAlchemy's
    own (autobegin), which the end commits or rolls back; so does a `Prepared` statement that
    fails (SQLAlchemy would otherwise roll the whole connection back, not the statement). So
    `conn.rollback()` inside one ends nothing: raise instead (`Intake.warm`). The
    lock is taken before the connection is used, so a writer queueing for it holds none: the
    hot path writes on one connection, whose statements SQLite prepared once (the sqlite3
    module's statement cache), instead of on whichever connections a burst opens.

    One thread at a time holds it (the lock); a thread must not start one inside another
    (the lock is not reentrant, as it was not when taken at the first write statement)."""

    def __init__(self, engine: Engine, lock_file: Path | None) -> None:
        self._engine = engine
        self._lock = threading.Lock()
        self.across = _FileLock(lock_file) if lock_file is not None else None
        # The connection the hot path writes on (used only while the lock is held).
        self.held: Connection | None = None

    def take(self) -> None:
        """Wait for the writer lock (this process's, then the file's)."""
        self._lock.acquire()
        if self.across is not None:
            try:
                self.across.acquire()
            except BaseException:
                self._lock.release()
                raise

    def give(self) -> None:
        """Give the writer lock back."""
        if self.across is not None:
            self.across.release()
        self._lock.release()

    def __enter__(self) -> Connection:
        spare = None
        while True:
            if self.held is None and spare is None:
                # Checked out before the lock is taken: a thread holding the lock never waits
                # for the pool, whose connections may be held by writers waiting for the lock.
                spare = self._engine.connect()
            try:
                self.take()
            except BaseException:
                if spare is not None:
                    spare.close()
                raise
            if self.held is not None or spare is not None:
                break
            self.give()  # dropped by another thread meanwhile: check one out first
        try:
            conn = self.held
            if conn is None:
                assert spare is not None  # the loop above left with one
                conn, self.held, spare = spare, spare, None
            # The transaction is the driver's own (pysqlite begins it at the first write
            # statement, as under SQLAlchemy, whose `do_begin` does nothing on SQLite): no
            # `Transaction` object; its `begin` event fires (the statement counters listen).
            if (conn._has_events or self._engine._has_events) and conn.dispatch.begin:
                conn.dispatch.begin(conn)
            _BARE[conn] = conn.connection.dbapi_connection
        except BaseException:
            self._drop()
            self.give()
            raise
        finally:
            if spare is not None:
                spare.close()  # another thread opened the held one meanwhile
        return conn

    def __exit__(self, kind: Any, exc: Any, traceback: Any) -> None:
        conn = self.held
        try:
            if conn is not None:
                _BARE.pop(conn, None)
                self._end(conn, kind is None)
        finally:
            try:
                if (
                    conn is None
                    or conn.invalidated
                    or conn.in_transaction()
                    or conn.connection.dbapi_connection.in_transaction  # type: ignore[union-attr]
                ):
                    self._drop()  # not known to have ended: the pool's reset on return
            finally:
                self.give()

    def _end(self, conn: Connection, commit: bool) -> None:
        """End the write as `with conn.begin():` ends: committed, or rolled back after an
        exception; the same events, and a driver error raised as SQLAlchemy raises it."""
        if conn.invalidated:
            # Lost (its pool record was invalidated; the driver rolls back on close): nothing
            # was committed, which a write that ended normally must not take for done.
            if commit:
                raise PendingRollbackError(
                    "the hot write's connection was invalidated: nothing was committed"
                )
            return
        if conn.in_transaction():
            # A statement run through `Connection.execute` began SQLAlchemy's own: it ends it.
            if commit:
                conn.commit()
            else:
                conn.rollback()
            return
        events = conn._has_events or self._engine._has_events
        driver = conn.connection.dbapi_connection
        try:
            if commit:
                if events:
                    conn.dispatch.commit(conn)
                driver.commit()  # type: ignore[union-attr]
            else:
                if events:
                    conn.dispatch.rollback(conn)
                driver.rollback()  # type: ignore[union-attr]
        except BaseException as exc:
            conn._handle_dbapi_exception(exc, None, None, None, None)

    def _drop(self) -> None:
        """Give the held connection back to the pool (which resets it, or invalidates it when
        that fails); the next transaction opens another."""
        conn, self.held = self.held, None
        if conn is not None:
            try:
                conn.close()
            except Exception:
                log.exception("the writer's connection could not be returned to the pool")

    def close(self) -> None:
        """Close the held connection and the lock file (the store is closing)."""
        if self._lock.acquire(timeout=5):
            try:
                conn, self.held = self.held, None
                if conn is not None:
                    # Closed, not given back: the pool it came from may have been disposed
                    # of since (a connection returned there stays open, and an open one
                    # keeps SQLite from folding the WAL into the file when the last closes).
                    conn.invalidate()
                    conn.close()
            finally:
                self._lock.release()
        if self.across is not None:
            self.across.close()


def _parsed(url: str) -> None:
    """A URL SQLAlchemy cannot parse for a port that is not a number (`…:abc/db`, an unclosed
    `[`) raised ValueError, a traceback in every command: an ArgumentError instead, which every
    caller words (with the URL, its password hidden)."""
    if _userinfo_end(url) >= 0:
        raise ArgumentError(
            "its user name or password holds an @, so the host is read from the middle of it: "
            "percent-encode those characters in DATABASE_URL (@ as %40, : as %3A, / as %2F, "
            "# as %23)"
        )
    try:
        make_url(url)
    except ValueError as exc:
        why = "its port is not a number" if "int()" in str(exc) else str(exc)
        raise ArgumentError(f"not a valid URL ({why})") from exc


def make_engine(url: str, **kwargs: Any) -> Engine:
    """Create an engine; SQLite gets WAL, a busy timeout and foreign keys on every connection."""
    _parsed(url)
    if url.startswith("sqlite"):
        lock_file = None
        path = sqlite_file(url)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            lock_file = path.with_name(path.name + WRITER_LOCK_SUFFIX)
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": 30},
            **(kwargs if url == "sqlite:///:memory:" else {**SQLITE_POOL, **kwargs}),
        )

        _serialise_writers(engine, lock_file)

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
            cursor = dbapi_conn.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA synchronous=NORMAL")
            # Deleted rows are overwritten with zeros, not left in free pages: forgetting a
            # person (writers/library/purge.py) must leave no trace in the file.
            cursor.execute("PRAGMA secure_delete=ON")
            cursor.close()

        return engine
    if url.startswith("postgresql://"):
        # psycopg 3 is the driver we ship.
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    return create_engine(url, **{"pool_pre_ping": True, **POOL, **kwargs})


def alembic_config(engine: Engine) -> Config:
    """An Alembic config pointing at the packaged migrations (no alembic.ini needed)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    # ConfigParser treats % as interpolation; escape it (URL-encoded options contain %3D).
    url = engine.url.render_as_string(hide_password=False).replace("%", "%%")
    cfg.set_main_option("sqlalchemy.url", url)
    cfg.attributes["engine"] = engine
    return cfg


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Apply migrations up to `revision` (idempotent; safe to call at every start)."""
    command.upgrade(alembic_config(engine), revision)


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at, or None for an empty database."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def head_revision() -> str | None:
    """The newest migration this Seshat has."""
    return _scripts().get_current_head()


@functools.cache
def _scripts() -> ScriptDirectory:
    """The packaged migrations, loaded once per process (each load imports every script)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    return ScriptDirectory.from_config(cfg)


def _known_revisions() -> frozenset[str]:
    return frozenset(r.revision for r in _scripts().walk_revisions())


def unknown_revision(revision: str | None) -> str | None:
    """Why a database at `revision` cannot be used by this Seshat (a newer one migrated it, or
    it is not Seshat's), or None when its migrations know the revision (or it has none)."""
    if revision is None or revision in _known_revisions():
        return None
    return (
        f"its schema is at revision {revision}, which this Seshat does not know (its newest is "
        f"{head_revision()}): a newer Seshat wrote it. Upgrade this Seshat to that version "
        "(`git pull`, then `bash scripts/run` reinstalls), or restore a backup this one wrote; "
        "nothing was changed"
    )


def _seshat_tables() -> frozenset[str]:
    from store.models import Base

    return frozenset(Base.metadata.tables)


def foreign_tables(path: Path | None) -> list[str]:
    """The tables of the SQLite file at `path` when it holds tables and none of them Seshat's
    (another application's database); [] for a new or empty file, one that is Seshat's, one
    that cannot be read (the open says why), or PostgreSQL (None: a server's database is often
    shared by several applications, each with its own tables). Read-only: Seshat's own engine
    would switch the file to WAL on connecting."""
    import sqlite3
    from urllib.parse import quote

    if path is None or not path.is_file() or path.stat().st_size == 0:
        return []
    try:
        conn = sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True, timeout=30)
        try:
            names = [
                str(name)
                for (name,) in conn.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table' "
                    "AND name NOT LIKE 'sqlite_%' ORDER BY name"
                )
            ]
            stamped = (
                [str(r) for (r,) in conn.execute("SELECT version_num FROM alembic_version")]
                if "alembic_version" in names
                else []
            )
        finally:
            conn.close()
    except sqlite3.Error:
        return []
    return _others(names, stamped)


def _others(names: list[str], stamped: list[str]) -> list[str]:
    """Of a database's (or schema's) table `names` and its `alembic_version` rows: the tables
    when they are another application's (none of Seshat's, no revision Seshat knows), else []."""
    if not names or any(name in _seshat_tables() for name in names):
        return []
    if any(revision in _known_revisions() for revision in stamped):
        return []  # an early Seshat schema, whatever its tables were called then
    return [name for name in names if name != "alembic_version"] or names


def foreign_schema_tables(engine: Engine) -> tuple[str, list[str]]:
    """PostgreSQL: the schema Seshat would create its tables in (the first of the search_path)
    and, when it holds another application's tables and none of Seshat's, those tables.

    A server's database is often shared, each application in its own schema: other schemas
    are never looked at. But tables in the very schema Seshat would use mean Seshat's 40-odd
    tables would be mixed into them, and another application's `alembic_version` would be
    read as Seshat's revision ("a newer Seshat wrote it")."""
    with engine.connect() as conn:
        schema = str(conn.exec_driver_sql("SELECT current_schema()").scalar() or "")
        if not schema:
            return "", []  # no schema of the search_path exists (`no_schema` says so)
        names = [
            str(name)
            for (name,) in conn.exec_driver_sql(
                # Tables an extension owns (PostGIS's spatial_ref_sys) are no application's.
                "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                "WHERE n.nspname = %(s)s AND c.relkind IN ('r', 'p') AND NOT EXISTS ("
                "SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass "
                "AND d.objid = c.oid AND d.deptype = 'e') ORDER BY c.relname",
                {"s": schema},
            )
        ]
        stamped: list[str] = []
        if "alembic_version" in names and not any(n in _seshat_tables() for n in names):
            stamped = [
                str(r)
                for (r,) in conn.exec_driver_sql(
                    f'SELECT version_num FROM "{schema}".alembic_version'
                )
            ]
    return schema, _others(names, stamped)


def no_schema(engine: Engine, label: str) -> str:
    """Why Seshat cannot create its tables when no schema of the search_path exists (the
    driver says only "no schema has been selected to create in")."""
    with engine.connect() as conn:
        path = str(conn.exec_driver_sql("SHOW search_path").scalar() or "")
    first = path.split(",")[0].strip().strip('"') or "seshat"
    return (
        f"{label}: no schema of its search_path ({path}) exists: create it "
        f"(CREATE SCHEMA {first}) or name an existing one in DATABASE_URL's search_path"
    )


def _check_schema(engine: Engine, label: str) -> None:
    """StoreUnavailable when Seshat cannot, or must not, make its tables in the PostgreSQL
    schema the search_path selects (none exists, or another application's tables are there)."""
    schema, others = foreign_schema_tables(engine)
    if not schema:
        raise StoreUnavailable(no_schema(engine, label))
    if others:
        raise StoreUnavailable(not_ours_schema(schema, others, label))


def not_ours_schema(schema: str, tables: list[str], label: str) -> str:
    """Why Seshat refuses a PostgreSQL schema that holds another application's `tables`."""
    shown = ", ".join(tables[:4]) + (f" and {len(tables) - 4} more" if len(tables) > 4 else "")
    return (
        f"{label}: schema {schema} holds another application's tables ({shown}) and none of "
        "Seshat's, so Seshat will not add its own to it: give Seshat a schema of its own "
        "(CREATE SCHEMA seshat; then end DATABASE_URL with ?options=-csearch_path%3Dseshat) "
        "or a database of its own; nothing was changed"
    )


def not_ours(tables: list[str], label: str) -> str:
    """Why Seshat refuses a database of another application's `tables` (`label`: what names
    it, as `DATABASE_URL sqlite:///…` or `database … (SESHAT_DATA_DIR=…)`), with the fix."""
    shown = ", ".join(tables[:4]) + (f" and {len(tables) - 4} more" if len(tables) > 4 else "")
    fix = (
        "point DATABASE_URL at a new file (or leave it empty for SESHAT_DATA_DIR/seshat.db)"
        if label.startswith("DATABASE_URL")
        else "move that file aside, or point SESHAT_DATA_DIR at another folder"
    )
    return (
        f"{label}: holds another application's tables ({shown}) and none of Seshat's, so "
        f"Seshat will not add its own to it: {fix}; nothing was changed"
    )


def sqlite_file(url: str) -> Path | None:
    """The file of a `sqlite:///PATH` URL, also in SQLite's URI form
    (`sqlite:///file:PATH?mode=ro&uri=true`); None for PostgreSQL or an in-memory database."""
    if not url.startswith("sqlite:///") or url == "sqlite:///:memory:":
        return None
    path, _, query = url.removeprefix("sqlite:///").partition("?")
    if path.startswith("file:") and "uri=true" in query.split("&"):
        path = path.removeprefix("file:")
    return Path(path)


def session_factory(engine: Engine) -> sessionmaker[Session]:
    """A sessionmaker that keeps loaded attributes usable after commit."""
    return sessionmaker(engine, expire_on_commit=False)


class StoreUnavailable(ConfigError):
    """The database cannot be opened: a malformed URL, a missing driver, a server that does not
    answer, a file that cannot be created. The message names the URL (no password) and why."""


def _userinfo_end(url: str) -> int:
    """Where the user:password part of a server URL ends when it holds a second `@` (a
    password not percent-encoded), else -1: SQLAlchemy and the driver would take what follows
    the first `@` as the host, and print that part of the password."""
    if url.startswith("sqlite") or "://" not in url:
        return -1
    head = url.split("?", 1)[0]
    return head.rfind("@") if head.count("@") > 1 else -1


def _shown(url: str) -> str:
    if url.startswith("sqlite:///"):
        return url  # no password in it; SQLAlchemy would print `file:` as `file%3A`
    end = _userinfo_end(url)
    if end >= 0:
        scheme, _, rest = url.partition("://")
        return f"{scheme}://{rest.split(':', 1)[0].split('@', 1)[0]}:***{url[end:]}"
    try:
        return make_url(url).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        # Unparsable: still never print what sits between `user:` and `@`.
        return repr(re.sub(r"(//[^/:@]*:)[^@/]*@", r"\1***@", url))


def _not_a_file(path: Path) -> str:
    """What a SQLite URL names instead of a database file (a folder, /dev/null), and the fix."""
    if path.is_dir():
        return f"it is a folder; name the database file in it ({path / 'seshat.db'})"
    return f"it is {kind_of(path)}, not a database file; name a file (a new one is made)"


# What PostgreSQL's refusals mean to do (psycopg's text is the server's, in English).
_SERVER_FIXES = (
    (
        r'database "([^"]+)" does not exist',
        "create it with CREATE DATABASE {0}, or end DATABASE_URL with a database that exists",
    ),
    (
        r'role "([^"]+)" does not exist',
        "name a role that exists on that server in DATABASE_URL, or create it "
        "with CREATE ROLE {0} LOGIN PASSWORD '…'",
    ),
    (
        r"password authentication failed",
        "check the password in DATABASE_URL; an @, :, / or # in it is written %40, %3A, %2F, %23",
    ),
    (
        r"port (\d+) failed: Connection refused",
        "nothing listens on port {0} there: start PostgreSQL, or fix the host and port in "
        "DATABASE_URL",
    ),
)


def _reason(exc: BaseException, path: Path | None = None) -> str:
    """The first line of what the driver said (SQLAlchemy appends links and SQL below it);
    with the SQLite file's `path`, why this user may not open it when that is the cause."""
    cause = getattr(exc, "orig", None) or exc
    if isinstance(cause, OSError) and cause.strerror:
        return f"{cause.strerror}: {cause.filename}" if cause.filename else cause.strerror
    lines = [line.strip() for line in str(cause).splitlines() if line.strip()]
    first = (lines[0] if lines else type(cause).__name__).removeprefix("connection failed: ")
    for pattern, fix in _SERVER_FIXES:
        found = re.search(pattern, first)
        if found:
            return f"{first} ({fix.format(*found.groups())})"
    if first in ("file is not a database", "database disk image is malformed"):
        first += " (damaged, or not a Seshat database: restore it from a backup or move it aside)"
    if first == "unable to open database file" and path is not None and path.is_dir():
        return f"it is a folder; name the database file in it ({path / 'seshat.db'})"
    if first == "unable to open database file" and path is not None and path.exists():
        if not os.access(path, os.R_OK) or not os.access(path.parent, os.X_OK):
            first += f" ({denied(path)})"
    return first


# `sqlite://` (two slashes), mysql://, a path without a scheme: the driver's own message
# ("Can't load plugin", a pool argument refused) would not say what to write instead.
SCHEMES = ("sqlite:///", "postgresql://", "postgresql+psycopg://")
UNSUPPORTED = (
    "Seshat stores in SQLite (sqlite:////absolute/path.db, or leave DATABASE_URL empty for "
    "SESHAT_DATA_DIR/seshat.db) or PostgreSQL (postgresql://USER:PASSWORD@HOST:5432/DB)"
)


def _read_only_fix(url: str) -> str:
    """The fix for a database file this user may read but not write, or that the URL itself
    opens read-only (SQLite's `mode=ro`, `immutable=1`); "" for any other."""
    path = sqlite_file(url)
    if path is None or not path.is_file():
        return ""
    query = url.partition("?")[2].split("&")
    asked = [flag for flag in ("mode=ro", "immutable=1") if flag in query]
    if asked:
        return (
            f" (the URL opens it read-only with {' and '.join(asked)}: drop that from "
            "DATABASE_URL to change the database; listing commands read it as it is)"
        )
    if os.access(path, os.W_OK):
        return ""
    return (
        f" ({path} is read-only for this user: give it to the user Seshat runs as (chown); "
        "listing commands read it as it is)"
    )


def peek_revision(url: str, *, where: str = "") -> str | None:
    """The schema revision of the database at `url`, read without migrating or creating it;
    StoreUnavailable (naming the URL without its password) when it cannot be read, or when it
    is another application's SQLite file (named as `Store.open` names it, with `where`)."""
    if not url.startswith(SCHEMES):
        raise StoreUnavailable(f"{_shown(url)}: {UNSUPPORTED}")
    path = sqlite_file(url)
    label = f"database {path}{where}" if where and path else f"DATABASE_URL {_shown(url)}"
    if path is not None and path.exists() and not path.is_file():
        raise StoreUnavailable(f"{label}: {_not_a_file(path)}")
    try:
        foreign = foreign_tables(path)
        if foreign:
            raise StoreUnavailable(not_ours(foreign, label))
        engine = make_engine(url)
        try:
            if url.startswith("postgresql"):
                _check_schema(engine, label)
            return current_revision(engine)
        finally:
            engine.dispose()
    except (ArgumentError, ImportError, OSError, DatabaseError) as exc:
        raise StoreUnavailable(f"{_shown(url)}: {_reason(exc, sqlite_file(url))}") from exc


def copy_sqlite(source: Path, dest: Path) -> None:
    """Copy the SQLite database at `source` into the new file `dest` with SQLite's backup (a
    database in WAL mode is copied whole, a live one consistently), reading `source` only, so a
    read-only copy can be copied too. StoreUnavailable when it cannot be read."""
    import sqlite3
    from urllib.parse import quote

    # As `open_for_reading`: a file nobody may write is read as immutable (no -wal/-shm made).
    writable = os.access(source, os.W_OK) and os.access(source.parent, os.W_OK)
    flags = "mode=ro" if writable else "mode=ro&immutable=1"
    try:
        src = sqlite3.connect(f"file:{quote(str(source))}?{flags}", uri=True, timeout=30)
        try:
            dst = sqlite3.connect(dest)
            try:
                src.backup(dst)
            finally:
                dst.close()
        finally:
            src.close()
    except sqlite3.DatabaseError as exc:
        raise StoreUnavailable(f"database {source}: {_reason(exc, source)}") from exc


def shown_url(url: str) -> str:
    """`url` without its password, for messages."""
    return _shown(url)


class Store:
    """The engine plus its session factory: what every layer above is handed."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sessions = session_factory(engine)
        # SQLite's writer lock and the hot path's connection (None on PostgreSQL, and for an
        # in-memory database, whose pool gives each thread a database of its own).
        writers = getattr(engine, "info_seshat_writers", None)
        self._writers: Writers | None = writers if isinstance(engine.pool, QueuePool) else None
        # Set by `open_for_reading` when there was no database file to read (nothing was made).
        self.missing: Path | None = None

    @classmethod
    def open(cls, url: str, *, migrate: bool = True, where: str = "") -> Store:
        """Connect to `url` and bring its schema to head; StoreUnavailable if it cannot be.

        `where` names the setting that chose a SQLite file (` (SESHAT_DATA_DIR=…)`), for the
        message: without it the message names DATABASE_URL."""
        path = sqlite_file(url)
        label = f"database {path}{where}" if where and path else f"DATABASE_URL {_shown(url)}"
        if not url.startswith(SCHEMES):
            raise StoreUnavailable(f"{label}: {UNSUPPORTED}")
        if path is not None and path.exists() and not path.is_file():
            raise StoreUnavailable(f"{label}: {_not_a_file(path)}")
        try:
            # Another application's SQLite file gets none of Seshat's tables (and is not
            # switched to WAL by connecting).
            foreign = foreign_tables(path)
            if foreign:
                raise StoreUnavailable(not_ours(foreign, label))
            engine = make_engine(url)
            with engine.connect():
                pass  # a wrong URL or a server that is down says so here, in one line
            if url.startswith("postgresql"):
                try:
                    _check_schema(engine, label)
                except StoreUnavailable:
                    engine.dispose()
                    raise
        except (ArgumentError, ImportError, OSError, DatabaseError) as exc:
            raise StoreUnavailable(f"{label}: {_reason(exc, path)}") from exc
        try:
            if migrate:
                try:
                    upgrade(engine)
                except CommandError as exc:
                    # Alembic's "Can't locate revision": a newer Seshat migrated it. Alembic
                    # stops before any change.
                    newer = unknown_revision(current_revision(engine))
                    if newer is None:
                        raise
                    engine.dispose()
                    raise StoreUnavailable(f"{label}: {newer}") from exc
            store = cls(engine)
            store.optimize()
        except DatabaseError as exc:
            # A database file this user may read but not write (a copy, a wrong owner).
            engine.dispose()
            raise StoreUnavailable(f"{label}: {_reason(exc)}{_read_only_fix(url)}") from exc
        return store

    @staticmethod
    def check_writable(url: str) -> None:
        """StoreUnavailable, worded as `open` words it, when the existing SQLite database at
        `url` refuses this user's writes (`seshat doctor` says it before `seshat run` meets
        it). Nothing is written: a header field is set to its own value in a transaction
        that is rolled back (taking the write lock alone does not ask for write access)."""
        if sqlite_file(url) is None:
            return
        engine = make_engine(url)
        try:
            with engine.connect() as conn:
                version = int(conn.exec_driver_sql("PRAGMA user_version").scalar_one())
                conn.exec_driver_sql("BEGIN IMMEDIATE")
                try:
                    conn.exec_driver_sql(f"PRAGMA user_version = {version}")
                finally:
                    conn.exec_driver_sql("ROLLBACK")
        except (OSError, DatabaseError) as exc:
            raise StoreUnavailable(
                f"DATABASE_URL {_shown(url)}: {_reason(exc)}{_read_only_fix(url)}"
            ) from exc
        finally:
            engine.dispose()

    def optimize(self) -> None:
        """Refresh SQLite's table statistics (a sampled `ANALYZE`).

        Without them the planner picked the `status` index for the facts query and scanned every
        fact (24 ms per reply at 100k facts, 0.01 ms with statistics). PostgreSQL's autovacuum
        does this by itself. Called at open and by the daily upkeep."""
        if not self.is_sqlite:
            return
        with self.engine.connect() as conn:
            # A full ANALYZE (~0.1 s per 100k rows): sampled statistics (analysis_limit) misled
            # the planner the same way, and `PRAGMA optimize` (SQLite 3.40) never analyses a
            # table that was empty when it was first analysed.
            conn.exec_driver_sql("ANALYZE")
            conn.commit()

    def scrub(self) -> bool:
        """After a purge: fold the WAL into the (securely deleted) database file and truncate it,
        so no old page with deleted text stays on disk. True when the checkpoint completed.

        SQLite only; on PostgreSQL dead tuples stay until VACUUM (the operator's part)."""
        if not self.is_sqlite:
            return True
        with self.engine.connect() as conn:
            busy, _log, _done = conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)").one()
            conn.commit()
        return not busy

    @classmethod
    def open_for_reading(cls, url: str, *, where: str = "") -> Store:
        """Open an existing database for reading only: a missing SQLite file is read as empty
        (`missing` says where it was looked for; no file is made), nothing is written (no
        migration, no ANALYZE), and a file this user may not write (a read-only copy) is still
        read. PostgreSQL opens as usual.

        `where` names the setting that chose the file, for the message."""
        sqlite_path = sqlite_file(url)
        if sqlite_path is None:
            return cls.open(url)
        ancestor = next((p for p in sqlite_path.parents if p.exists()), None)
        if sqlite_path.exists() and not sqlite_path.is_file():
            label = f"database {sqlite_path}{where}" if where else f"DATABASE_URL {_shown(url)}"
            raise StoreUnavailable(f"{label}: {_not_a_file(sqlite_path)}")
        if ancestor is not None and not ancestor.is_dir():
            raise StoreUnavailable(
                f"database {sqlite_path}{where}: {ancestor} is {kind_of(ancestor)}, not a "
                "directory; point it at the folder that holds your data"
            )
        if not sqlite_path.is_file():
            # Nothing to read: an empty schema in memory answers "none", and nothing is made on
            # disk (the caller says where it looked).
            from sqlalchemy.pool import StaticPool

            from store.models import Base

            engine = create_engine(
                "sqlite://",
                connect_args={"check_same_thread": False},
                poolclass=StaticPool,
            )
            Base.metadata.create_all(engine)
            store = cls(engine)
            store.missing = sqlite_path
            return store
        writable = os.access(sqlite_path, os.W_OK) and os.access(sqlite_path.parent, os.W_OK)
        # A copy nobody may write is read as immutable (no -wal/-shm to create); a live database
        # in WAL mode is read beside the daemon writing it.
        flags = "mode=ro" if writable else "mode=ro&immutable=1"
        engine = create_engine(
            f"sqlite:///file:{sqlite_path}?{flags}&uri=true",
            connect_args={"check_same_thread": False, "timeout": 30},
        )

        @event.listens_for(engine, "connect")
        def _read_only(dbapi_conn: Any, _record: Any) -> None:
            cursor = dbapi_conn.cursor()
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.execute("PRAGMA query_only=ON")
            cursor.close()

        label = f"database {sqlite_path}{where}" if where else f"DATABASE_URL {_shown(url)}"
        foreign = foreign_tables(sqlite_path)
        if foreign:
            engine.dispose()
            raise StoreUnavailable(not_ours(foreign, label))
        try:
            revision = current_revision(engine)
        except (OSError, DatabaseError) as exc:
            engine.dispose()
            raise StoreUnavailable(
                f"database {sqlite_path}{where}: {_reason(exc, sqlite_path)}"
            ) from exc
        head = head_revision()
        newer = unknown_revision(revision)
        if newer is not None:
            engine.dispose()
            raise StoreUnavailable(f"database {sqlite_path}{where}: {newer}")
        if revision != head:
            engine.dispose()
            raise StoreUnavailable(
                f"database {sqlite_path}{where} is at schema revision {revision or 'none'}, this "
                f"Seshat reads {head}: run `seshat db upgrade` on it (or on a writable copy)."
            )
        return cls(engine)

    @property
    def is_sqlite(self) -> bool:
        """True on SQLite (no SKIP LOCKED, one writer at a time)."""
        return self.engine.dialect.name == "sqlite"

    def write(self) -> AbstractContextManager[Connection]:
        """A write transaction of the hot path (the intake, the answer stored, the reply
        recorded), as `engine.begin()`: committed at the end, rolled back on an exception.

        On SQLite it takes the writer lock first and runs on the connection the hot path keeps
        (`Writers`: no checkout, checkin or reset on return); on PostgreSQL it is
        `engine.begin()` (the pool's pre-ping stays: a connection the server dropped is
        replaced before the statement, not failed with it)."""
        if self._writers is None:
            return self.engine.begin()
        return self._writers

    def close(self) -> None:
        """Dispose of pooled connections (and the writers' connection and file lock)."""
        if self._writers is not None:
            self._writers.close()
        self.engine.dispose()
