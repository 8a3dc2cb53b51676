"""Permissions screens, one module per menu rule: `rule` (auth/rule), `group` (auth/group), `admin`
(auth/admin), `admin_log` (auth/adminLog). Their rules live in `functions.services.admin_groups`,
`functions.services.admins` and `functions.services.rules`."""
