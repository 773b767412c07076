"""The parts of a painted table as accessible objects, for screen readers.

A widget that paints its content (a table with places, hands, tiles, cards, chips) is one
empty box to a screen reader. Here such a widget lists its parts: while its drawing is
*recorded* (painted once more on a throw-away :class:`QPicture`), the drawing helpers
note what they paint — :func:`note` with a role, a name in the trainee's language and a
rectangle (``ui.drawing``'s tiles, cards, chips and dice do so themselves) — and the
widget notes its places, hands and seats as containers. A part is put inside the
smallest container whose rectangle holds its middle, so a place holds its cards.

:class:`PaintedParts` is the widget's side (a mixin: the recording, the parts' state —
pickable, picked, focused, marked right or wrong after the verdict — and picking one);
:class:`PaintedInterface` (installed with :func:`QAccessible.installFactory`) gives Qt's
accessibility tree a child :class:`PartInterface` for each part, so UI Automation,
AT-SPI and NSAccessibility see them. Events (focus, a name, a state, the list of parts
changed) go out with :func:`QAccessible.updateAccessibility`.

Qt's accessibility calls may answer "none" (a null interface, no window): the stubs type
those returns as never None, hence the ``type: ignore[override]`` on them.
"""

from __future__ import annotations

import atexit
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from PySide6.QtCore import QObject, QPoint, QRect, QRectF
from PySide6.QtGui import (
    QAccessible,
    QAccessibleEvent,
    QAccessibleInterface,
    QAccessibleStateChangeEvent,
    QPainter,
    QPicture,
    QWindow,
)
from PySide6.QtWidgets import QAccessibleWidget, QWidget

from i18n import _
from ui.widgets.acting import Acting, ActingInterface

Role = QAccessible.Role

#: Roles of parts that hold others (a place holds its cards).
CONTAINERS = frozenset({Role.Grouping, Role.List, Role.Pane})


@dataclass(frozen=True)
class Part:
    """One thing painted: what it is, its name and where (in the widget's coordinates).

    ``value`` is the answer option it stands for, if any; ``verdict`` is "right" or
    "wrong" once the question is answered (the expected option, a wrong pick)."""

    role: QAccessible.Role
    name: str
    rect: QRectF
    description: str = ""
    value: Any = None
    pickable: bool = False
    picked: bool = False
    focused: bool = False
    verdict: str | None = None
    children: tuple[Part, ...] = field(default=(), compare=False)

    @property
    def container(self) -> bool:
        return self.role in CONTAINERS

    def full_description(self) -> str:
        """The description, with the verdict's mark and the pick in words."""
        words = [self.description] if self.description else []
        if self.verdict == "right":
            words.append(_("Marked right: the expected answer"))
        elif self.verdict == "wrong":
            words.append(_("Marked wrong: your answer"))
        elif self.picked:
            words.append(_("Your answer"))
        return ". ".join(words)


def listed(names: list[str]) -> str:
    """Names in a sentence: "8 of bamboos and 9 of bamboos", "A, B and C"."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


# Recording ---------------------------------------------------------------------------------


class _Recorder:
    def __init__(self, painter: QPainter) -> None:
        self.painter = painter
        self.parts: list[Part] = []
        self.quiet = 0


_recorders: list[_Recorder] = []


def recording() -> bool:
    """Whether a drawing is being recorded for its parts (the drawing helpers note them,
    and a kept picture is painted afresh rather than copied)."""
    return bool(_recorders)


def note(painter: QPainter | None, role: QAccessible.Role, name: str, rect: QRectF, *,
         value: Any = None, description: str = "") -> None:
    """Note a part painted in ``rect`` (``painter``'s coordinates; None: the recording
    painter's) while a drawing is recorded; nothing otherwise."""
    if not _recorders or _recorders[-1].quiet:
        return
    recorder = _recorders[-1]
    if painter is not None and painter is not recorder.painter:
        return  # painted into a picture of its own: noted where the picture is painted
    on = recorder.painter.worldTransform().mapRect(QRectF(rect))
    recorder.parts.append(Part(role, name, on, description, value))


@contextmanager
def quiet() -> Iterator[None]:
    """Paint without noting parts (a wall of face-down tiles noted as one)."""
    if _recorders:
        _recorders[-1].quiet += 1
    try:
        yield
    finally:
        if _recorders:
            _recorders[-1].quiet -= 1


def record(paint: Any, width: int, height: int) -> list[Part]:
    """The parts noted while ``paint(painter)`` draws on a throw-away picture."""
    picture = QPicture()
    painter = QPainter(picture)
    painter.setClipRect(QRect(0, 0, max(1, width), max(1, height)))
    recorder = _Recorder(painter)
    _recorders.append(recorder)
    try:
        paint(painter)
    finally:
        _recorders.remove(recorder)
        painter.end()
    return recorder.parts


def nest(parts: list[Part]) -> list[Part]:
    """``parts`` as a tree: each in the smallest container that holds its middle (in the
    order painted); containers noted twice for one value (a seat and its target) merge."""
    merged: list[Part] = []
    for part in parts:
        twin = next((i for i, kept in enumerate(merged) if part.value is not None
                     and kept.value == part.value and kept.rect == part.rect), None)
        if twin is None and part.value is not None and not part.name:
            twin = _drawn_under(merged, part)
        if twin is None and part.value is None and part.container:
            same = next((i for i, kept in enumerate(merged) if kept.container
                         and kept.value is not None and kept.rect == part.rect), None)
            if same is not None:  # a spot the drawing names again, in more words
                merged[same] = replace(part, value=merged[same].value)
                continue
        if twin is None:
            merged.append(part)
        elif not part.name:  # a target on something named: that thing is picked
            merged[twin] = replace(merged[twin], value=part.value)
        elif not merged[twin].name or merged[twin].role == Role.Button:
            merged[twin] = replace(part, value=part.value)
    area = {id(p): p.rect.width() * p.rect.height() for p in merged}
    owner: dict[int, int] = {}
    for index, part in enumerate(merged):
        middle = part.rect.center()
        holders = [i for i, other in enumerate(merged)
                   if i != index and other.container
                   and area[id(other)] > area[id(part)] and other.rect.contains(middle)]
        if holders:
            owner[index] = min(holders, key=lambda i: area[id(merged[i])])

    def tree(index: int | None) -> tuple[Part, ...]:
        return tuple(replace(part, children=tree(i)) for i, part in enumerate(merged)
                     if owner.get(i) == index)

    return list(tree(None))


def _drawn_under(parts: list[Part], target: Part) -> int | None:
    """The one thing drawn (a tile, a card) that an unnamed target is laid on: its middle
    in the target, of about the target's size."""
    size = target.rect.width() * target.rect.height()
    found = [i for i, part in enumerate(parts)
             if part.value is None and not part.container
             and target.rect.contains(part.rect.center())
             and 0.4 * size <= part.rect.width() * part.rect.height() <= 2.5 * size]
    return found[0] if len(found) == 1 else None


def walk(parts: tuple[Part, ...] | list[Part]) -> Iterator[Part]:
    """Every part of a tree, depth first."""
    for part in parts:
        yield part
        yield from walk(part.children)


# The widget's side -------------------------------------------------------------------------


class PaintedParts:
    """A mixin for a :class:`QWidget` that paints its parts: it records them, answers with
    their state and picks one. Subclasses implement :meth:`paint_parts` (the whole
    drawing on a painter) and may override :meth:`part_state` and :meth:`pick_part`."""

    _painted_parts: list[Part] | None = None

    def init_parts(self) -> None:
        install()
        self._painted_parts = None

    def paint_parts(self, painter: QPainter) -> None:
        raise NotImplementedError

    def option_label(self, value: Any) -> str:
        """The words of the option ``value`` (the name of a part that is only a target)."""
        return str(value)

    def part_state(self, part: Part) -> Part:
        """``part`` with its state now (pickable, picked, focused, verdict)."""
        return part

    def pick_part(self, part: Part) -> None:
        """Answer with ``part`` as a click on it does."""

    def parts_stale(self) -> None:
        """The drawing changed: the parts are recorded again when next asked for; told to
        assistive technology now if one is listening."""
        before = self._painted_parts
        self._painted_parts = None
        if before is not None and QAccessible.isActive():
            self._tell_changes(before, self.accessible_parts())

    def accessible_parts(self) -> list[Part]:
        """The parts as painted now, as a tree (recorded when stale)."""
        if self._painted_parts is None:
            assert isinstance(self, QWidget)
            raw = record(self.paint_parts, self.width(), self.height())
            named = [part if part.name else replace(part, name=self.option_label(part.value))
                     for part in raw]
            self._painted_parts = nest(named)
        return [self._with_state(part) for part in self._painted_parts]

    def _with_state(self, part: Part) -> Part:
        return replace(self.part_state(part),
                       children=tuple(self._with_state(child) for child in part.children))

    def part_of(self, value: Any) -> Part | None:
        return next((part for part in walk(self.accessible_parts()) if part.value == value
                     and part.pickable), None)

    def tell_focus(self, value: Any) -> None:
        """Tell assistive technology that the keyboard's focus is on the part of ``value``."""
        if not QAccessible.isActive():
            return
        interface = QAccessible.queryAccessibleInterface(self)  # type: ignore[arg-type]
        if isinstance(interface, PaintedInterface):
            found = interface.interface_of(value)
            if found is not None:
                QAccessible.updateAccessibility(QAccessibleEvent(found, QAccessible.Event.Focus))

    def _tell_changes(self, before: list[Part], after: list[Part]) -> None:
        interface = QAccessible.queryAccessibleInterface(self)  # type: ignore[arg-type]
        if not isinstance(interface, PaintedInterface):
            return
        old, new = list(walk(before)), list(walk(after))
        if [(p.role, p.rect) for p in old] != [(p.role, p.rect) for p in new] \
                or len(old) != len(new):
            QAccessible.updateAccessibility(QAccessibleEvent(
                self, QAccessible.Event.ObjectReorder))  # type: ignore[call-overload]
            return
        for path, (was, now) in zip(interface.paths(), zip(old, new, strict=True),
                                    strict=False):
            part = interface.part_interface(path)
            if was.name != now.name:
                QAccessible.updateAccessibility(QAccessibleEvent(part,
                                                                 QAccessible.Event.NameChanged))
            if was.full_description() != now.full_description():
                QAccessible.updateAccessibility(QAccessibleEvent(
                    part, QAccessible.Event.DescriptionChanged))
            if state_of(was) != state_of(now):
                changed = QAccessible.State()
                changed.selected = changed.checked = changed.focused = True
                changed.invalidEntry = True  # type: ignore[attr-defined]  # in Qt, not in the stubs
                QAccessible.updateAccessibility(QAccessibleStateChangeEvent(part, changed))


def state_of(part: Part) -> tuple[bool, bool, bool, str | None]:
    return part.pickable, part.picked, part.focused, part.verdict


# The accessibility tree ---------------------------------------------------------------------

Path = tuple[int, ...]
_registered: set[int] = set()


class PartInterface(QAccessibleInterface):
    """One part of a painted widget in Qt's accessibility tree."""

    def __init__(self, host: PaintedInterface, path: Path) -> None:
        super().__init__()
        self._host = host
        self._path = path

    def part(self) -> Part | None:
        return self._host.part_at(self._path)

    def isValid(self) -> bool:  # noqa: N802
        return self.part() is not None

    def object(self) -> QObject | None:  # type: ignore[override]
        return None

    def window(self) -> QWindow | None:  # type: ignore[override]
        return self._host.window()

    def parent(self) -> QAccessibleInterface:
        if len(self._path) == 1:
            return self._host
        return self._host.part_interface(self._path[:-1])

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        part = self.part()
        if part is None or not 0 <= index < len(part.children):
            return None
        return self._host.part_interface((*self._path, index))

    def childCount(self) -> int:  # noqa: N802
        part = self.part()
        return 0 if part is None else len(part.children)

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802
        if isinstance(child, PartInterface) and child._path[:-1] == self._path:
            return child._path[-1]
        return -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: N802
        for index in range(self.childCount()):
            found = self.child(index)
            if found is not None and found.rect().contains(QPoint(x, y)):
                return found
        return None

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: N802
        return None

    def text(self, kind: QAccessible.Text) -> str:
        part = self.part()
        if part is None:
            return ""
        if kind == QAccessible.Text.Name:
            return part.name
        if kind == QAccessible.Text.Description:
            return part.full_description()
        if kind == QAccessible.Text.Help and part.pickable:
            return _("Enter or Space picks it as your answer")
        return ""

    def setText(self, kind: QAccessible.Text, text: str) -> None:  # noqa: N802
        return None

    def rect(self) -> QRect:
        part = self.part()
        widget = self._host.widget()
        if part is None:
            return QRect()
        local = part.rect.toAlignedRect()
        return QRect(widget.mapToGlobal(local.topLeft()), local.size())

    def role(self) -> QAccessible.Role:
        part = self.part()
        return Role.NoRole if part is None else part.role

    def state(self) -> QAccessible.State:
        state = QAccessible.State()
        part = self.part()
        if part is None:
            state.invalid = True
            return state
        state.focusable = state.selectable = part.pickable
        state.focused = part.focused
        state.selected = part.picked
        state.checkable = part.verdict is not None
        state.checked = part.verdict == "right"
        state.invalidEntry = part.verdict == "wrong"  # type: ignore[attr-defined]  # in Qt, not in the stubs
        state.readOnly = not part.pickable
        return state

    def relations(self, match: Any = None) -> list[Any]:
        return []

    def pick(self) -> bool:
        """Pick this part as the answer (an assistive technology's "press")."""
        part = self.part()
        if part is None or not part.pickable:
            return False
        host = self._host.widget()
        assert isinstance(host, PaintedParts)
        host.pick_part(part)
        return True


class PaintedInterface(QAccessibleWidget):
    """A painted widget in Qt's accessibility tree: its child widgets, then its parts."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget, Role.Pane)
        self._interfaces: dict[Path, PartInterface] = {}
        ids: list[int] = []
        self._ids = ids
        widget.destroyed.connect(lambda *_args: _forget(ids))

    def _parts(self) -> list[Part]:
        widget = self.widget()
        assert isinstance(widget, PaintedParts)
        return widget.accessible_parts()

    def _widgets(self) -> int:
        return super().childCount()

    def part_at(self, path: Path) -> Part | None:
        parts: tuple[Part, ...] = tuple(self._parts())
        part = None
        for index in path:
            if not 0 <= index < len(parts):
                return None
            part = parts[index]
            parts = part.children
        return part

    def part_interface(self, path: Path) -> PartInterface:
        found = self._interfaces.get(path)
        if found is None:
            found = PartInterface(self, path)
            self._interfaces[path] = found
            number = QAccessible.uniqueId(found)  # Qt's cache holds it till the widget goes
            self._ids.append(number)
            _registered.add(number)
        return found

    def paths(self) -> list[Path]:
        """Every part's path, depth first (as :func:`walk`)."""
        found: list[Path] = []

        def down(parts: tuple[Part, ...], at: Path) -> None:
            for index, part in enumerate(parts):
                found.append((*at, index))
                down(part.children, (*at, index))

        down(tuple(self._parts()), ())
        return found

    def interface_of(self, value: Any) -> PartInterface | None:
        for path in self.paths():
            part = self.part_at(path)
            if part is not None and part.pickable and part.value == value:
                return self.part_interface(path)
        return None

    def childCount(self) -> int:  # noqa: N802
        return self._widgets() + len(self._parts())

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        widgets = self._widgets()
        if index < widgets:
            return super().child(index)
        if index - widgets >= len(self._parts()):
            return None
        return self.part_interface((index - widgets,))

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802
        if isinstance(child, PartInterface):
            path = child._path
            return self._widgets() + path[0] if len(path) == 1 else -1
        return super().indexOfChild(child)

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: N802
        for index in range(self.childCount() - 1, -1, -1):
            found = self.child(index)
            if found is not None and found.rect().contains(QPoint(x, y)):
                return found
        return None

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: N802
        for path in self.paths():
            part = self.part_at(path)
            if part is not None and part.focused:
                return self.part_interface(path)
        return super().focusChild()


def _forget(ids: list[int]) -> None:
    """Delete a gone widget's part interfaces from Qt's cache (which then owns none)."""
    for number in ids:
        if number in _registered:
            _registered.discard(number)
            QAccessible.deleteAccessibleInterface(number)
    ids.clear()


def _factory(key: str, thing: QObject) -> QAccessibleInterface | None:
    if isinstance(thing, PaintedParts) and isinstance(thing, QWidget):
        return PaintedInterface(thing)
    if isinstance(thing, Acting) and isinstance(thing, QWidget):
        return ActingInterface(thing)
    return None


_installed: list[bool] = []


def install() -> None:
    """Install the factory of painted and acting widgets' interfaces (once)."""
    if not _installed:
        QAccessible.installFactory(_factory)
        atexit.register(lambda: _forget(list(_registered)))
        _installed.append(True)
