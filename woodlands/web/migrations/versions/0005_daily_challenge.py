"""the daily challenge: each person's attempt of a day's game, and the server's own secrets

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-06

``daily_attempts`` holds one row per person (a browser's daily cookie, hashed), game and day:
its primary key is what makes a second start the same attempt, even when two requests race.
``server_keys`` keeps secrets the server makes once, such as the key the day's seeds are
derived from (woodlands.web.daily); a database that never served a daily challenge has none.
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "daily_attempts",
        sa.Column("day", sa.String(10), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("person", sa.String(64), nullable=False),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False, unique=True),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("started", sa.Float, nullable=False),
        sa.Column("ended", sa.Float, nullable=True),
        sa.Column("outcome", sa.Text, nullable=True),
        sa.PrimaryKeyConstraint("day", "game", "person", name="pk_daily_attempts"),
    )
    op.create_table(
        "server_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(256), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_keys")
    op.drop_table("daily_attempts")
