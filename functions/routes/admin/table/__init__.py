"""The generic back-office table (DESIGN §3), one class each resource configures:

- `generic.Table`: the routes it builds (index, edit, add, del, sortable), writing, and the hooks of the
  recycle bin and the sensitive-data log;
- `reading.ReadingTable`: its configuration, how it finds rows, and the one list planner (built-in and
  designed tables alike);
- `shapes`: the row shape built from a model (`row_shape`), the edit form built from an add form
  (`edit_form`), the ids of a delete or an action;
- `shared`: the forms and the rule table that two areas share (auth and user).

Tables specialised for one area live with it (`user/account_log.py`, `security/watched.py`); every
table is found by its path in `functions.routes.admin.registry`.
"""
