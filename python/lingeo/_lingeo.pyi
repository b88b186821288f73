"""Type stubs of the native module (python/src/lib.rs); lingeo/__init__.py wraps it and holds
the docstrings (the exceptions' are in python/src/lib.rs, where they are defined). A result is
the Python objects of what the CLI's ``--json`` prints (``Any`` here: dicts and lists)."""

from os import PathLike
from typing import Any, Dict, List, Optional, Tuple, Union

__version__: str

class LingeoError(Exception):
    file: Optional[str]
    line: Optional[int]
    column: Optional[int]
    field: Optional[str]
    rendered: str

class RequestError(LingeoError): ...
class ParseError(RequestError): ...
class FileError(RequestError): ...
class GameError(RequestError): ...
class ComputationError(LingeoError): ...
class StoppedError(LingeoError): ...
class TooLargeError(StoppedError): ...
class RunError(LingeoError): ...
class RunFaultError(RunError, RequestError): ...
class RunStoppedError(RunError, StoppedError): ...

class Scenario:
    @staticmethod
    def load(path: Union[str, PathLike[str]]) -> Scenario: ...
    @staticmethod
    def from_text(text: str, name: str = "<text>") -> Scenario: ...
    @staticmethod
    def empty(files: int, ranks: int) -> Scenario: ...
    @property
    def name(self) -> str: ...
    @property
    def pieces(self) -> List[Tuple[str, str, str, str]]: ...
    def map(
        self,
        piece: Optional[str] = None,
        type_name: Optional[str] = None,
        side: Optional[str] = None,
        origin: Optional[str] = None,
        attack: bool = False,
        reverse: bool = False,
        max_memory: int = 4096,
    ) -> Tuple[Any, Optional[List[List[int]]]]: ...
    def trajectories(
        self,
        to: str,
        piece: Optional[str] = None,
        type_name: Optional[str] = None,
        side: Optional[str] = None,
        origin: Optional[str] = None,
        length: Optional[int] = None,
        attack: bool = False,
        simple: bool = False,
        limit: int = 100000,
        count_only: bool = False,
        max_memory: int = 4096,
    ) -> Tuple[Any, int]: ...
    def zones(
        self,
        piece: str,
        to: str,
        horizon: Optional[int] = None,
        filters: str = "all",
        engine: str = "native",
        all_zones: bool = False,
        max_zones: int = 10000,
        max_memory: int = 4096,
    ) -> Tuple[Any, int, bool, bool]: ...
    def search(
        self,
        options: Optional[Dict[str, Any]] = None,
        network: Optional[str] = None,
        rules: Optional[str] = None,
    ) -> Any: ...
    def play_match(
        self, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Any, List[Any]]: ...
    def play(self, options: Optional[Dict[str, Any]] = None) -> Any: ...
    def patterns(self, options: Optional[Dict[str, Any]] = None) -> Any: ...
    def fuzzy(self, options: Optional[Dict[str, Any]] = None) -> Any: ...
    def evaluate(self, options: Optional[Dict[str, Any]] = None) -> Any: ...

class Grammar:
    @staticmethod
    def load(path: Union[str, PathLike[str]]) -> Grammar: ...
    @staticmethod
    def from_text(text: str, name: str = "<text>") -> Grammar: ...
    @staticmethod
    def shipped(name: str) -> Grammar: ...
    @property
    def name(self) -> str: ...
    def run(
        self,
        start: str,
        scenario: Optional[Scenario] = None,
        piece: Optional[str] = None,
        type_name: Optional[str] = None,
        side: Optional[str] = None,
        inputs: List[Tuple[str, str]] = ...,
        max_sentences: Optional[int] = None,
        max_memory: int = 4096,
    ) -> Any: ...

def compare(
    a: Optional[Grammar],
    b: Optional[Grammar],
    starts: Optional[List[str]] = None,
    scenario: Optional[Scenario] = None,
    set: List[Tuple[str, str]] = ...,
    options: Optional[Dict[str, Any]] = None,
) -> Any: ...
