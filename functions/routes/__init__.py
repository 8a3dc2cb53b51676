"""The API's routers. Each resource module has one `APIRouter` (`functions.core.routing.APIRouter`);
add it to `ROUTERS` in `functions/routes/api/__init__.py` (member and common calls, served under
`/api`) or `functions/routes/admin/__init__.py` (back office, under `/admin`). `create_app()` mounts
each package under `settings.api_url` (`/srv`) from `ROUTE_GROUPS` in `functions/app.py`, importing a
package on its first request (`functions.core.routing.include_deferred`): `/srv/api/index/index`,
`/srv/admin/index/login`…

Route names (`name="index_index"`) are unique and become the OpenAPI operation ids.
"""
