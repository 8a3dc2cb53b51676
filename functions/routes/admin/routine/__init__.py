"""Routine screens, one module per menu rule: `config` (routine/config), `attachment`
(routine/attachment), `admin_info` (routine/adminInfo, the own profile), `publish` (routine/publish),
`org_chart` (routine/orgChart, the organisation chart)."""
