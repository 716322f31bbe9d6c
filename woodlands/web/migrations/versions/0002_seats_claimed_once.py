"""seats claimed once: a seat's secret may be absent (an invitation not yet taken, or withdrawn),
each seat's open invitation (its SHA-256), and each table's turn timer

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-14
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

# 0001's seats table: SQLite changes a column by copying the table, and offline (--sql) Alembic
# cannot read the table it copies, so it is given here
_SEATS_0001 = sa.Table(
    "seats", sa.MetaData(),
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.PrimaryKeyConstraint("game_id", "seat", name="pk_seats"),
)


def upgrade() -> None:
    # the seats of games made before this are held by the tokens their creators were given:
    # their hashes stay, so those browsers keep their seats; no invitation is open for them
    with op.batch_alter_table("seats", copy_from=_SEATS_0001) as batch:
        batch.alter_column("token_hash", existing_type=sa.String(64), nullable=True)
        batch.add_column(sa.Column("invite_hash", sa.String(64), nullable=True))
    op.add_column("games", sa.Column("turn_seconds", sa.Float, nullable=True))


def downgrade() -> None:
    op.drop_column("games", "turn_seconds")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("invite_hash")
