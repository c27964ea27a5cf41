"""A Loop Habit Tracker backup file (`.db`) as Loop's migrations leave it at schema 25, for the browser tests and
the import benchmark."""

import sqlite3
from pathlib import Path

SCHEMA_25 = """
    CREATE TABLE Habits (id INTEGER PRIMARY KEY AUTOINCREMENT, archived INTEGER, color INTEGER,
      description TEXT, freq_den INTEGER, freq_num INTEGER, highlight INTEGER, name TEXT, position INTEGER,
      reminder_hour INTEGER, reminder_min INTEGER, reminder_days INTEGER NOT NULL DEFAULT 127,
      type INTEGER NOT NULL DEFAULT 0, target_type INTEGER NOT NULL DEFAULT 0,
      target_value REAL NOT NULL DEFAULT 0, unit TEXT NOT NULL DEFAULT "", question TEXT, uuid TEXT);
    CREATE TABLE Repetitions (id INTEGER PRIMARY KEY AUTOINCREMENT,
      habit INTEGER NOT NULL REFERENCES habits(id), timestamp INTEGER NOT NULL, value INTEGER NOT NULL,
      notes TEXT);
    CREATE UNIQUE INDEX idx_repetitions_habit_timestamp ON Repetitions(habit, timestamp);
    PRAGMA user_version = 25;
    """


def new_backup(path: Path) -> sqlite3.Connection:
    """An empty backup at `path`, open for the caller to fill and commit."""
    db = sqlite3.connect(path)
    db.executescript(SCHEMA_25)
    return db
