"""open tables: a table whose last free seat was taken stays in ``listings``, marked filled

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-05

So that whoever asks for a seat of it a moment too late is told the seat was taken, rather
than that its creator never listed it.  A filled table is not shown, and its seats are not
offered, until its creator lists it again.
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("listings") as batch:
        batch.add_column(sa.Column("filled", sa.Float, nullable=True))


def downgrade() -> None:
    op.execute("DELETE FROM listings WHERE filled IS NOT NULL")
    with op.batch_alter_table("listings") as batch:
        batch.drop_column("filled")
