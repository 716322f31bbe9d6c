"""games, seats and events: the first schema of the web app's store

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.String(24), nullable=False),
        sa.Column("content", sa.Text, nullable=False),
        sa.Column("seats", sa.Integer, nullable=False),
        sa.Column("admin_hash", sa.String(64), nullable=False),
        sa.Column("origin", sa.String(16), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.PrimaryKeyConstraint("game_id", "seat", name="pk_seats"),
    )
    op.create_table(
        "events",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("option", sa.Text, nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("by_bot", sa.Boolean, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "number", name="pk_events"),
    )


def downgrade() -> None:
    op.drop_table("events")
    op.drop_table("seats")
    op.drop_table("games")
