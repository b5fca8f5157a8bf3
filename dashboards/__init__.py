"""Meta statistics: stat rows from verified games, SQL summaries, Plotly dashboards and the /api/meta/ API."""
