"""The CRUD generator's screens: `crud` (crud/crud: designs — list, open, save, delete) and `log`
(crud/log: every save and delete of a design). The rules live in `functions.services.designs`; the
designed tables themselves are served by `functions.routes.admin.designed`."""
