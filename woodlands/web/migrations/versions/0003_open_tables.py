"""open tables: the tables their creators list, so that others may take a free seat

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-05
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "listings",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("listed", sa.Float, nullable=False),
    )
    op.create_index("ix_listings_listed", "listings", ["listed"])


def downgrade() -> None:
    op.drop_index("ix_listings_listed", table_name="listings")
    op.drop_table("listings")
