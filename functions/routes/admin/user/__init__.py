"""Members screens, one module per menu rule: `user` (user/user), `group` (user/group), `rule`
(user/rule), `money_log` (user/moneyLog), `score_log` (user/scoreLog). Their rules live in
`functions.services.members`, `functions.services.member_groups` and `functions.services.wallet`."""
