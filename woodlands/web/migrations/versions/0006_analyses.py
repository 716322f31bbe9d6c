"""analyses: the analysis of a finished game, per seat, kept so that it is computed once

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-06

An analysis costs minutes of the search workers' time; a server that restarts keeps the ones
it finished (one row per game and seat: each seat's analysis is its own, from its own
information).  One that was running when the server stopped has no row, and starts again
when it is next asked for.
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "analyses",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("result", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat", name="pk_analyses"),
    )


def downgrade() -> None:
    op.drop_table("analyses")
