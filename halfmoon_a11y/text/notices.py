"""The store's notices in words: what a storage problem
did and what the game does now. Each is one plain line; nothing is ever lost, and the line
says so truthfully. The voice words its own notices (`voice.notices`)."""

from __future__ import annotations

from halfmoon_a11y.play.messages import N_, BySurface
from halfmoon_a11y.store.notices import Problem, StorageProblem
from halfmoon_a11y.text.words import Words

STORAGE_PROBLEMS: dict[tuple[Problem, bool], str | BySurface] = {
    (Problem.SETTINGS_UNREADABLE, True): N_(
        "Settings file {path} could not be read. It was renamed {aside}. "
        "Playing with the default settings."
    ),
    (Problem.SETTINGS_UNREADABLE, False): N_(
        "Settings file {path} could not be read and was left as it is. "
        "Playing with the default settings."
    ),
    (Problem.SAVE_UNREADABLE, True): N_(
        "Saved game {path} could not be resumed. It was renamed {aside}. Dealing a new game."
    ),
    (Problem.SAVE_NEWER, True): N_(
        "Saved game {path} comes from a newer version of Half Moon. "
        "It was renamed {aside}. Dealing a new game."
    ),
    (Problem.SETTINGS_NOT_SAVED, False): N_(
        "Settings could not be saved to {path}. They apply until you leave."
    ),
    (Problem.GAME_NOT_SAVED, False): N_(
        "The game could not be saved to {path}. Play goes on, "
        "but it cannot be resumed if the program stops."
    ),
    (Problem.STATS_FAILED, False): N_("Statistics could not be recorded in {path}."),
    (Problem.OPEN_ELSEWHERE, False): BySurface(
        N_(
            "Half Moon is already open in another window. This window plays a game of its "
            "own and saves nothing, no game, no settings, no statistics."
        ),
        N_(
            "Half Moon is already open in another tab. This tab plays a game of its own and "
            "saves nothing, no game, no settings, no statistics."
        ),
    ),
    (Problem.JOURNAL_NOT_PLAIN, True): N_(
        "Journal {path} was not a plain file. It was renamed {aside}, and nothing was read from it."
    ),
    (Problem.JOURNAL_NOT_PLAIN, False): N_(
        "Journal {path} is not a plain file and was left as it is. Nothing is lost. "
        "The whole game is saved after every move instead."
    ),
    (Problem.JOURNAL_UNREADABLE, True): N_(
        "Journal {path} could not be read. It was renamed {aside}, with a copy of "
        "the saved game. The game resumes from its last full save."
    ),
    (Problem.JOURNAL_UNREADABLE, False): N_(
        "Journal {path} could not be read and was left as it is. The game resumes from "
        "its last full save, and the whole game is saved after every move from now on."
    ),
    (Problem.JOURNAL_STOPPED, True): N_(
        "Journal {path}. A line could not be replayed. Moves and undos brought back "
        "before it, {count}. The journal was renamed {aside}, with a copy of the "
        "saved game."
    ),
    (Problem.JOURNAL_STOPPED, False): N_(
        "Journal {path}. A line could not be replayed. Moves and undos brought back "
        "before it, {count}. The journal was left as it is, and the whole game is saved "
        "after every move from now on."
    ),
    (Problem.JOURNAL_TOO_LONG, True): N_(
        "Journal {path} was too long to read whole. Moves and undos brought back from its "
        "start, {count}. It was renamed {aside}, with a copy of the saved game."
    ),
    (Problem.JOURNAL_TOO_LONG, False): N_(
        "Journal {path} was too long to read whole. Moves and undos brought back from its "
        "start, {count}. It was left as it is, and the whole game is saved after every "
        "move from now on."
    ),
    (Problem.JOURNAL_NOT_WRITTEN, False): N_(
        "Journal {path} cannot be written. Nothing is lost. The whole game is saved after "
        "every move instead."
    ),
    (Problem.SAVING_AGAIN, False): N_("Saving works again. The game is saved to {path}."),
    (Problem.LOCK_NOT_A_FILE, False): N_(
        "Saving is off in this window. The lock file {path} is not a plain file. "
        "This window plays a game of its own and saves nothing. Remove that file to save again."
    ),
    (Problem.LOCK_NOT_PERMITTED, False): N_(
        "Saving is off in this window. The lock file {path} cannot be opened, no "
        "permission. It may belong to another user, for example after running Half Moon "
        "with sudo. "
        "This window plays a game of its own and saves nothing. Remove that file to save again."
    ),
    (Problem.LOCK_FAILED, False): N_(
        "Saving is off in this window. The lock file {path} could not be made. "
        "This window plays a game of its own and saves nothing."
    ),
    (Problem.LOCK_SET_ASIDE, True): N_(
        "Lock file {path} could not be used. It was renamed {aside}. A new lock file was made."
    ),
    (Problem.STATE_READ_ONLY, False): N_(
        "Saving is off in this window. The folder {path} cannot be written. Nothing is saved."
    ),
    (Problem.STATE_NOT_OWN, False): N_(
        "Saving is off in this window. The folder {path} belongs to another user. "
        "Nothing is read from it, and nothing is saved."
    ),
    (Problem.SETTINGS_FOLDER_NOT_OWN, False): N_(
        "Settings folder {path} belongs to another user. Nothing is read from it or "
        "saved in it. Playing with the default settings."
    ),
    (Problem.STATS_FOLDER_NOT_OWN, False): N_(
        "Statistics folder {path} belongs to another user. Statistics are not read from it "
        "or recorded in it."
    ),
    (Problem.LOCK_BY_PROCESS, False): N_(
        "File locks do not work in this folder, so the lock file {path} "
        "names this window's process instead."
    ),
    (Problem.GAME_NOT_KEPT, False): N_(
        "The unfinished game could not be kept aside in {path}, so the new deal was not "
        "dealt. Your game goes on."
    ),
    (Problem.KEPT_UNREADABLE, True): N_(
        "Kept game {path} could not be read. It was renamed {aside}."
    ),
    (Problem.KEPT_UNREADABLE, False): N_(
        "Kept game {path} could not be read and was left as it is."
    ),
    (Problem.KEPT_OTHER_DEAL, True): N_(
        "Kept game {path} holds another deal. It was renamed {aside}."
    ),
    (Problem.KEPT_OTHER_DEAL, False): N_(
        "Kept game {path} holds another deal and was left as it is."
    ),
    (Problem.KEPT_OTHER, False): N_(
        "Two games of this deal were found. The newer one is played. "
        "The other stays kept as {path}."
    ),
    (Problem.STATS_SIDE_FILE, True): N_(
        "Statistics file {path} was not a plain file. It was renamed {aside}. "
        "Statistics go on being recorded."
    ),
    (Problem.STATS_SIDE_FILE, False): N_(
        "Statistics file {path} is not a plain file and could not be moved. "
        "Statistics cannot be recorded."
    ),
    (Problem.STATS_UNREADABLE, True): N_(
        "Statistics file {path} could not be read. It was renamed {aside}. "
        "New statistics are started."
    ),
    (Problem.STATS_UNREADABLE, False): N_(
        "Statistics file {path} could not be read and was left as it is. "
        "Statistics cannot be recorded."
    ),
}
OPEN_ELSEWHERE_HERE = N_(
    "Half Moon is already open in another window. Process {process}, started {since} ago. "
    "This window plays a game of its own and saves nothing, "
    "no game, no settings, no statistics, no command history."
)
OPEN_ELSEWHERE_THERE = N_(
    "Half Moon is already open on the computer {host}. Process {process}, started {since} "
    "ago. This window plays a game of its own and saves nothing, "
    "no game, no settings, no statistics, no command history."
)
UNREADABLE_LEFT_AS_IT_IS = N_(
    "Saved game {path} could not be resumed and was left as it is. Dealing a new game."
)


def storage(words: Words, event: StorageProblem) -> str:
    """What a storage problem did, and what the game does now, in one line."""
    if event.problem is Problem.OPEN_ELSEWHERE and event.process is not None:
        text = words._(OPEN_ELSEWHERE_THERE if event.host else OPEN_ELSEWHERE_HERE)
        since = words.duration(max(0, event.since or 0))
        return text.format(process=event.process, since=since, host=event.host)
    key = (event.problem, event.aside is not None)
    text = words._(STORAGE_PROBLEMS.get(key, UNREADABLE_LEFT_AS_IT_IS))
    path, aside = words.path(event.path), words.path(event.aside)
    return text.format(path=path, aside=aside, count=event.count)
